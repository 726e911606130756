import { AccountOverview } from '../../features/account';
import { NextBookingPanel } from '../../features/bookings/my-bookings';

/** /dash: the greeting and account state, with the next consultation first. */
export default function DashOverviewRoute() {
  return <AccountOverview highlight={(user) => <NextBookingPanel timeZone={user.timeZone} />} />;
}
