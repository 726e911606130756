import { paths } from '@consult/shared';
import type { ShellNavItem } from '../../components/app-shell';
import { SignedInArea } from '../signed-in-shell';

// Only screens that work are listed; bookings, metrics and config join when they are built.
const nav: ShellNavItem[] = [
  { to: paths.admin.upcoming, label: 'Overview' },
  { to: paths.admin.users, label: 'Users' },
  { to: paths.admin.system, label: 'System' },
];

/** /admin: the owner's area, for the admin role only. */
export default function AdminRoute() {
  return <SignedInArea areaLabel="Admin" nav={nav} adminOnly />;
}
