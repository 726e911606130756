/**
 * The caps on one client's unpaid bookings (decision 045), part of the scheduling form: how many
 * bookings a client may hold while paying by card, and (optional) how many upcoming bookings they
 * may have unpaid under manual payments.
 */
import { useFormContext } from 'react-hook-form';
import { BOOKING_RULE_BOUNDS, type SchedulingSettingsInput } from '@consult/shared';
import { Card } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/field';
import { errorAt } from './interval-rows';
import { asNumber, asOptionalNumber } from './number-inputs';

export function ClientLimitsCard() {
  const {
    register,
    formState: { errors },
  } = useFormContext<SchedulingSettingsInput>();
  const held = BOOKING_RULE_BOUNDS.maxHeldBookingsPerClient;
  const unpaid = BOOKING_RULE_BOUNDS.maxUnpaidBookingsPerClient;
  return (
    <Card
      title="Unpaid bookings per client"
      description="So that one client cannot hold many times they have not paid for. Bookings you make for a client are never limited."
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Bookings a client can hold while paying by card"
          type="number"
          inputMode="numeric"
          min={held[0]}
          max={held[1]}
          hint={`${held[0]}–${held[1]}. Each waits for the card payment for the payment hold; with this many waiting, a client pays for one or cancels one before booking another.`}
          error={errorAt(errors, 'rules.maxHeldBookingsPerClient')}
          {...register('rules.maxHeldBookingsPerClient', { setValueAs: asNumber })}
        />
        <TextField
          label="Upcoming unpaid bookings per client (manual payments)"
          type="number"
          inputMode="numeric"
          min={unpaid[0]}
          max={unpaid[1]}
          hint="Leave empty for no limit: clients who pay at each session often book weeks ahead. Counts bookings not yet marked paid."
          error={errorAt(errors, 'rules.maxUnpaidBookingsPerClient')}
          {...register('rules.maxUnpaidBookingsPerClient', { setValueAs: asOptionalNumber })}
        />
      </div>
    </Card>
  );
}
