import { LoadError, Skeleton } from '../../components/query-state';
import { PageHeader } from '../../components/ui/card';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useGetUserQuery } from './account-api';
import { EmailVerificationBanner } from './email-verification-banner';
import { PrivacyCard } from './privacy-card';
import { DetailsForm, EmailForm, PasswordForm } from './profile-forms';
import { TwoFactorCard } from './two-factor-card';

/** /dash/profile: the person's details, sign-in address, password and two-factor sign-in. */
export function ProfilePage() {
  useDocumentTitle('Profile');
  const { data: user, error, isLoading, refetch } = useGetUserQuery();
  return (
    <>
      <PageHeader
        title="Profile"
        intro="Keep your details current so reminders reach you. Download or delete your data below."
      />
      {isLoading ? (
        <Skeleton lines={6} label="Loading your profile" />
      ) : !user ? (
        <LoadError what="your profile" error={error} onRetry={() => void refetch()} />
      ) : (
        <div className="flex flex-col gap-6">
          <EmailVerificationBanner user={user} />
          <div className="grid items-start gap-6 lg:grid-cols-2">
            <DetailsForm user={user} />
            <div className="flex flex-col gap-6">
              <EmailForm user={user} />
              <PasswordForm />
            </div>
          </div>
          <TwoFactorCard timeZone={user.timeZone} />
          <PrivacyCard />
        </div>
      )}
    </>
  );
}
