import { LoadError, Skeleton } from '../../components/query-state';
import { PageHeader } from '../../components/ui/card';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useGetUserQuery } from './account-api';
import { EmailVerificationBanner } from './email-verification-banner';
import { DetailsForm, EmailForm, PasswordForm } from './profile-forms';
import { TwoFactorCard } from './two-factor-card';

/**
 * /admin/profile: the owner's (or another admin's) own account: details, sign-in address, password
 * and two-factor sign-in. A client's privacy card is not here: an admin account is removed from
 * /admin/users, and the last admin never.
 */
export function OwnerProfilePage() {
  useDocumentTitle('Profile');
  const { data: user, error, isLoading, refetch } = useGetUserQuery();
  return (
    <>
      <PageHeader
        title="Profile"
        intro="Your own account: your details, how you sign in and how it is protected."
      />
      {isLoading ? (
        <Skeleton lines={6} label="Loading your profile" />
      ) : !user ? (
        <LoadError what="your profile" error={error} onRetry={() => void refetch()} />
      ) : (
        <div className="flex flex-col gap-6">
          <EmailVerificationBanner user={user} />
          <TwoFactorCard timeZone={user.timeZone} />
          <div className="grid items-start gap-6 lg:grid-cols-2">
            <DetailsForm user={user} />
            <div className="flex flex-col gap-6">
              <EmailForm user={user} />
              <PasswordForm />
            </div>
          </div>
        </div>
      )}
    </>
  );
}
