/**
 * The owner's requirement of two-factor sign-in for admin accounts, on /admin/config (decision 043).
 * It can be turned on only once the owner's own two-factor sign-in is on.
 */
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { paths, type SecuritySettingsView } from '@consult/shared';
import { LoadError, Skeleton } from '../../components/query-state';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { errorMessage, readProblem } from '../../lib/problem';
import {
  useGetSecuritySettingsQuery,
  useGetTwoFactorStatusQuery,
  useUpdateSecuritySettingsMutation,
} from './two-factor-api';
import { TWO_FACTOR_CARD_ID } from './two-factor-card';

const linkClasses =
  'font-semibold text-brand underline decoration-brand/40 underline-offset-4 hover:decoration-brand';

function adminsWithout(count: number) {
  if (count === 0) return 'Every admin account has two-factor sign-in on.';
  return count === 1
    ? '1 admin account has not turned it on yet.'
    : `${count} admin accounts have not turned it on yet.`;
}

function RequirementForm({ settings }: { settings: SecuritySettingsView }) {
  const [required, setRequired] = useState(settings.requireTwoFactorForAdmins);
  const [save, { error, isLoading, reset }] = useUpdateSecuritySettingsMutation();
  const own = useGetTwoFactorStatusQuery();
  const fieldError = readProblem(error)?.errors?.requireTwoFactorForAdmins?.[0];
  const dirty = required !== settings.requireTwoFactorForAdmins;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    reset();
    const result = await save({ requireTwoFactorForAdmins: required });
    if ('data' in result) {
      toast.success(
        required
          ? 'Admins now need two-factor sign-in.'
          : 'Admins no longer need two-factor sign-in.',
      );
    }
  };

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
      <label className="flex cursor-pointer items-start gap-3">
        <input
          type="checkbox"
          checked={required}
          onChange={(event) => setRequired(event.target.checked)}
          aria-invalid={fieldError ? true : undefined}
          className="mt-1 size-5 shrink-0 cursor-pointer accent-brand"
        />
        <span className="flex flex-col gap-1">
          <span className="font-semibold text-ink">
            Require two-factor sign-in for admin accounts
          </span>
          <span className="text-sm text-muted">
            An admin without it is sent to set it up, and can open nothing else in the admin area
            until it is on. Clients choose for themselves.
          </span>
        </span>
      </label>
      <p className="text-sm text-muted">{adminsWithout(settings.adminsWithoutTwoFactor)}</p>
      {own.data && !own.data.enabled && (
        <Alert tone="info">
          Turn on two-factor sign-in for your own account first, on{' '}
          <Link to={`${paths.admin.profile}#${TWO_FACTOR_CARD_ID}`} className={linkClasses}>
            your profile
          </Link>
          .
        </Alert>
      )}
      {error && <Alert tone="error">{fieldError ?? errorMessage(error)}</Alert>}
      <Button type="submit" className="self-start" disabled={isLoading || !dirty}>
        {isLoading ? 'Saving...' : 'Save'}
      </Button>
    </form>
  );
}

export function TwoFactorRequirementCard() {
  const { data, error, isLoading, refetch } = useGetSecuritySettingsQuery();
  return (
    <Card
      title="Sign-in security"
      description="How admin accounts must sign in. Every change is recorded in the audit log."
    >
      {isLoading ? (
        <Skeleton lines={3} label="Loading the sign-in security settings" />
      ) : !data ? (
        <LoadError
          what="the sign-in security settings"
          error={error}
          onRetry={() => void refetch()}
        />
      ) : (
        <RequirementForm key={String(data.requireTwoFactorForAdmins)} settings={data} />
      )}
    </Card>
  );
}
