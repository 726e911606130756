import { Outlet } from 'react-router';
import { ContactPopupProvider } from '../../features/site/contact';

/** The public pages share the site content (loaded by this route) and one contact popup. */
export default function PublicSite() {
  return (
    <ContactPopupProvider>
      <Outlet />
    </ContactPopupProvider>
  );
}
