/** The moment between a booking and Stripe's payment page: said aloud, then the browser leaves. */
import { useEffect, useRef } from 'react';

export const CHECKOUT_REDIRECT_TEXT = 'Taking you to secure payment…';

export function CheckoutRedirect({ checkoutUrl }: { checkoutUrl: string }) {
  const message = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    // The form just pressed is gone: move focus (and the screen reader) to what happens now.
    message.current?.focus();
    window.location.assign(checkoutUrl);
  }, [checkoutUrl]);

  return (
    <div
      role="status"
      className="mt-8 flex flex-col gap-2 rounded-xl border border-brand/30 bg-brand-soft p-4 text-ink sm:p-5"
    >
      <p
        ref={message}
        tabIndex={-1}
        className="flex items-center gap-3 text-lg font-semibold text-brand focus:outline-none"
      >
        <span
          aria-hidden="true"
          className="size-5 shrink-0 animate-spin rounded-full border-2 border-brand border-t-transparent motion-reduce:animate-none"
        />
        {CHECKOUT_REDIRECT_TEXT}
      </p>
      <p className="text-base">
        Your time is held for you while you pay by card on Stripe’s page. If nothing happens,{' '}
        <a href={checkoutUrl} className="font-semibold text-brand underline underline-offset-4">
          continue to payment
        </a>
        .
      </p>
    </div>
  );
}
