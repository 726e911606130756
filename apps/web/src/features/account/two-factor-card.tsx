/**
 * The profile's "Two-factor sign-in" card (decision 043): off, being set up, the recovery codes shown
 * once, on (new codes, turn off). Used on /dash/profile and on the owner's /admin/profile.
 */
import { useState } from 'react';
import {
  RECOVERY_CODE_COUNT,
  RECOVERY_CODES_LOW,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '@consult/shared';
import { LoadError, Skeleton } from '../../components/query-state';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { errorMessage } from '../../lib/problem';
import { formatPlainDate } from '../../lib/date-time';
import { RecoveryCodesPanel } from './recovery-codes-panel';
import { useGetTwoFactorStatusQuery, useStartTwoFactorSetupMutation } from './two-factor-api';
import { RenewRecoveryCodesForm, TurnOffTwoFactorDialog } from './two-factor-manage';
import { TwoFactorSetupPanel } from './two-factor-setup';

type View =
  | { step: 'status' }
  | { step: 'setup'; setup: TwoFactorSetup }
  | { step: 'renew' }
  | { step: 'codes'; codes: string[] };

export const TWO_FACTOR_CARD_ID = 'two-factor';

export function TwoFactorCard({ timeZone }: { timeZone: string }) {
  const { data: status, error, isLoading, refetch } = useGetTwoFactorStatusQuery();
  const [view, setView] = useState<View>({ step: 'status' });
  const [turningOff, setTurningOff] = useState(false);
  const [start, started] = useStartTwoFactorSetupMutation();

  const beginSetup = async () => {
    const result = await start();
    if ('data' in result && result.data) setView({ step: 'setup', setup: result.data });
  };
  const showStatus = () => setView({ step: 'status' });

  let body;
  if (isLoading) {
    body = <Skeleton lines={3} label="Loading two-factor sign-in" />;
  } else if (!status) {
    body = <LoadError what="two-factor sign-in" error={error} onRetry={() => void refetch()} />;
  } else if (view.step === 'setup') {
    body = (
      <TwoFactorSetupPanel
        setup={view.setup}
        onConfirmed={(codes) => setView({ step: 'codes', codes })}
        onCancel={showStatus}
      />
    );
  } else if (view.step === 'codes') {
    body = <RecoveryCodesPanel codes={view.codes} onDone={showStatus} />;
  } else {
    body = (
      <div className="flex flex-col gap-4">
        {status.required && !status.enabled && (
          <Alert tone="error" title="Required for admin accounts">
            The owner requires two-factor sign-in for admin accounts. Set it up to open the rest of
            the admin area.
          </Alert>
        )}
        <StatusLine status={status} timeZone={timeZone} />
        {view.step === 'renew' ? (
          <RenewRecoveryCodesForm
            onRenewed={(codes) => setView({ step: 'codes', codes })}
            onCancel={showStatus}
          />
        ) : status.enabled ? (
          <div className="flex flex-wrap gap-3">
            <Button variant="secondary" onClick={() => setView({ step: 'renew' })}>
              Show new recovery codes
            </Button>
            <Button variant="secondary" onClick={() => setTurningOff(true)}>
              Turn off
            </Button>
          </div>
        ) : (
          <div className="flex flex-col items-start gap-3">
            {started.error && <Alert tone="error">{errorMessage(started.error)}</Alert>}
            <Button onClick={() => void beginSetup()} disabled={started.isLoading}>
              {started.isLoading ? 'Preparing...' : 'Set up two-factor sign-in'}
            </Button>
          </div>
        )}
      </div>
    );
  }

  return (
    <div id={TWO_FACTOR_CARD_ID} className="scroll-mt-6">
      <Card
        title="Two-factor sign-in"
        description="After your password, a code from an app on your phone: someone who learns your password still cannot sign in."
      >
        {body}
      </Card>
      <TurnOffTwoFactorDialog open={turningOff} onClose={() => setTurningOff(false)} />
    </div>
  );
}

function StatusLine({ status, timeZone }: { status: TwoFactorStatus; timeZone: string }) {
  if (!status.enabled) {
    return (
      <p>
        <strong>Off.</strong> You sign in with your password only.
      </p>
    );
  }
  const low = status.recoveryCodesLeft <= RECOVERY_CODES_LOW;
  return (
    <div className="flex flex-col gap-2">
      <p>
        <strong>On</strong> since{' '}
        {status.enabledAt ? formatPlainDate(status.enabledAt, timeZone) : 'Not given'}. Each sign-in
        asks for a code from your authenticator app.
      </p>
      <p className={low ? 'font-medium text-danger' : 'text-muted'}>
        {status.recoveryCodesLeft === 0
          ? 'No recovery codes left: make new ones so that a lost phone does not lock you out.'
          : `${status.recoveryCodesLeft} of ${RECOVERY_CODE_COUNT} recovery codes left${
              low ? ': make new ones soon.' : '.'
            }`}
      </p>
    </div>
  );
}
