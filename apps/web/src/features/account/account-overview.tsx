import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths, type User } from '@consult/shared';
import { LoadError, Skeleton } from '../../components/query-state';
import { buttonClasses } from '../../components/ui/button';
import { Card, PageHeader } from '../../components/ui/card';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useGetUserQuery } from './account-api';
import { EmailVerificationBanner } from './email-verification-banner';
import { formatPlainDate } from '../../lib/date-time';
import { firstName, formatBirthDate } from './format';

/**
 * /dash: greets the person and shows the state of their account. `highlight` is what the route puts
 * first under the greeting (the next booking), given the person for their time zone.
 */
export function AccountOverview({ highlight }: { highlight?: (user: User) => ReactNode } = {}) {
  useDocumentTitle('Overview');
  const { data: user, error, isLoading, refetch } = useGetUserQuery();

  if (isLoading) {
    return (
      <>
        <PageHeader title="Welcome back" />
        <Skeleton lines={4} label="Loading your account" />
      </>
    );
  }
  if (!user) {
    return (
      <>
        <PageHeader title="Welcome back" />
        <LoadError what="your account" error={error} onRetry={() => void refetch()} />
      </>
    );
  }

  const details: [string, string][] = [
    ['Name', user.name],
    ['E-mail', user.email],
    ['Phone', user.phone ?? 'Not given'],
    ['Date of birth', formatBirthDate(user.DOB)],
    ['Time zone', user.timeZone.replace(/_/g, ' ')],
  ];

  return (
    <>
      <PageHeader
        title={`Hello, ${firstName(user.name)}`}
        intro={`Member since ${formatPlainDate(user.createdAt, user.timeZone)}.`}
      />
      <div className="flex flex-col gap-6">
        <EmailVerificationBanner user={user} />
        {highlight?.(user)}
        <div className="grid gap-6 lg:grid-cols-2">
          <Card
            title="Your details"
            description="What we use to reach you and to show times in your zone."
            actions={
              <Link to={paths.profile} className={buttonClasses('secondary')}>
                Edit profile
              </Link>
            }
          >
            <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[max-content_1fr]">
              {details.map(([label, value]) => (
                <div key={label} className="contents">
                  <dt className="text-sm font-semibold text-muted">{label}</dt>
                  <dd className="text-base wrap-anywhere text-ink">{value}</dd>
                </div>
              ))}
            </dl>
          </Card>
          <Card
            title="Sign-in and security"
            description="Your password and the address you sign in with."
            actions={
              <Link to={`${paths.profile}#password`} className={buttonClasses('secondary')}>
                Change password
              </Link>
            }
          >
            <ul className="flex flex-col gap-3 text-base">
              <li className="flex items-center gap-2">
                <StatusDot ok={user.emailVerified} />
                {user.emailVerified
                  ? 'E-mail address confirmed'
                  : 'E-mail address not confirmed yet'}
              </li>
              {user.pendingEmail && (
                <li className="flex items-center gap-2">
                  <StatusDot ok={false} />
                  <span>
                    Change to <strong className="break-all">{user.pendingEmail}</strong> waits for
                    confirmation
                  </span>
                </li>
              )}
            </ul>
          </Card>
        </div>
      </div>
    </>
  );
}

function StatusDot({ ok }: { ok: boolean }) {
  return (
    <span
      aria-hidden="true"
      className={`inline-block size-2.5 shrink-0 rounded-full ${ok ? 'bg-success' : 'bg-accent'}`}
    />
  );
}
