import { homeForRole, useAuth } from '../../hooks/use-auth';
import { accountLink } from '../../features/site/landing/account-link';
import { LandingPage } from '../../features/site/landing/landing-page';
import { usePageTitle, useSiteContent } from '../../features/site';

/**
 * The landing page inside the app, when the app navigates to / itself (the not-found page, "Back to
 * home"). A visit that starts on / is served the landing page's own entry instead (landing-app.tsx).
 */
export default function LandingRoute() {
  const site = useSiteContent();
  usePageTitle();
  const { token, role } = useAuth();
  return <LandingPage site={site} account={accountLink(token ? homeForRole(role) : null)} />;
}
