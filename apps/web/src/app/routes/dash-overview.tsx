import { AccountOverview, useGetUserQuery } from '../../features/account';
import { NextBookingPanel } from '../../features/bookings/my-bookings';
import { CalendarFeedCard } from '../../features/calendars';
import { MyCreditsCard, PurchaseReturnNotice } from '../../features/packages';
import { WaitlistCard } from '../../features/waitlist';
import { detectTimeZone } from '../../lib/date-time';

/**
 * /dash: the news of a package just paid on Stripe's Checkout, the greeting and account state,
 * with the next consultation first, the package credits and purchases, the waitlist, and, last, the address
 * that puts the client's sessions in their own calendar.
 */
export default function DashOverviewRoute() {
  const { data: user } = useGetUserQuery();
  return (
    <>
      <PurchaseReturnNotice />
      <AccountOverview highlight={(user) => <NextBookingPanel timeZone={user.timeZone} />} />
      <div className="mt-6">
        <MyCreditsCard timeZone={user?.timeZone ?? detectTimeZone()} />
      </div>
      <div className="mt-6 empty:hidden">
        <WaitlistCard timeZone={user?.timeZone ?? detectTimeZone()} />
      </div>
      <div className="mt-6">
        <CalendarFeedCard audience="client" timeZone={user?.timeZone ?? detectTimeZone()} />
      </div>
    </>
  );
}
