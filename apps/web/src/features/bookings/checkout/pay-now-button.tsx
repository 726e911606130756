/** Opens a new Stripe Checkout for a booking still waiting for its payment and goes there. */
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/problem';
import { useStartCheckoutMutation } from '../api/my-bookings-api';
import { CHECKOUT_REDIRECT_TEXT } from './checkout-redirect';

export function PayNowButton({ bookingId, className }: { bookingId: string; className?: string }) {
  const [startCheckout, { isLoading }] = useStartCheckoutMutation();
  const [leaving, setLeaving] = useState(false);

  const pay = async () => {
    const result = await startCheckout(bookingId);
    if ('data' in result && result.data) {
      setLeaving(true);
      window.location.assign(result.data.checkoutUrl);
      return;
    }
    // 409 (no longer waiting: the list refetches) and 503 (Stripe unreachable) say why themselves.
    toast.error(errorMessage(result.error));
  };

  return (
    <Button className={className} disabled={isLoading || leaving} onClick={() => void pay()}>
      {leaving ? CHECKOUT_REDIRECT_TEXT : isLoading ? 'Opening the payment...' : 'Pay now'}
    </Button>
  );
}
