import { ConfigPage } from '../../features/bookings/scheduling';
import { PaymentSettingsCard } from '../../features/payments';

/** /admin/config: services, hours and rules, then the payment settings. */
export default function AdminConfigRoute() {
  return (
    <>
      <ConfigPage />
      <div className="mt-6">
        <PaymentSettingsCard />
      </div>
    </>
  );
}
