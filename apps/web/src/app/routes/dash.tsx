import { paths } from '@consult/shared';
import type { ShellNavItem } from '../../components/app-shell';
import { SignedInArea } from '../signed-in-shell';

const nav: ShellNavItem[] = [
  { to: paths.dashboard, label: 'Overview', end: true },
  { to: paths.bookings, label: 'Bookings' },
  { to: paths.tasks, label: 'Tasks' },
  { to: paths.payments, label: 'Payments' },
  { to: paths.profile, label: 'Profile' },
];

/** /dash: the client's area, behind the session guard. */
export default function DashRoute() {
  return <SignedInArea areaLabel="Dashboard" nav={nav} />;
}
