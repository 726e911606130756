import { Outlet } from 'react-router';
import { paths } from '@consult/shared';
import type { ShellNavItem } from '../../components/app-shell';
import { MessagesNavLabel } from '../../features/messages';
import { useOwnerTimeZone } from '../../lib/owner-time-zone-api';
import { SignedInArea } from '../signed-in-shell';

const nav: ShellNavItem[] = [
  { to: paths.admin.upcoming, label: 'Upcoming' },
  { to: paths.admin.metrics, label: 'Metrics' },
  { to: paths.admin.bookings, label: 'Bookings' },
  { to: paths.admin.payments, label: 'Payments' },
  { to: paths.admin.tasks, label: 'Tasks' },
  {
    to: paths.admin.messages,
    label: 'Messages',
    content: <MessagesNavLabel label="Messages" />,
  },
  { to: paths.admin.users, label: 'Users' },
  { to: paths.admin.config, label: 'Config' },
  { to: paths.admin.system, label: 'System' },
  { to: paths.admin.profile, label: 'Profile' },
];

/**
 * The admin screens, once the session is there: the owner's zone is asked for here, once for the
 * whole area, and every admin screen reads its clock from that one answer (decision 054).
 */
function AdminScreens() {
  useOwnerTimeZone();
  return <Outlet />;
}

/** /admin: the owner's area, for the admin role only. */
export default function AdminRoute() {
  return <SignedInArea areaLabel="Admin" nav={nav} adminOnly screens={<AdminScreens />} />;
}
