import { LoadError, Skeleton } from '../../components/query-state';
import { PageHeader } from '../../components/ui/card';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useGetUserQuery } from './account-api';
import { EmailVerificationBanner } from './email-verification-banner';
import { PrivacyCard } from './privacy-card';
import { DetailsForm, EmailForm, PasswordForm } from './profile-forms';
import { SessionsCard, type SignOutHere } from './sessions-card';
import { TwoFactorCard } from './two-factor-card';

const INTRO = {
  client:
    'Keep your details current so reminders reach you. Protect your sign-in, see where you are signed in, and download or delete your data below.',
  owner:
    'Your own account: your details, how you sign in and how it is protected, and where you are signed in.',
};

/** What the details are for: a client's reach their consultant; the owner's name their own changes. */
const DETAILS_USE = {
  client: undefined,
  owner: 'Your name appears on the admin screens and beside your changes in the audit log.',
};

/**
 * The person's details, sign-in address, password, two-factor sign-in and signed-in sessions:
 * /dash/profile for a client (with their privacy rights), /admin/profile for the owner, where the
 * owner's requirement of two factors sends an admin (so there its card comes first). `here` signs
 * this device out.
 */
export function ProfilePage({ area, here }: { area: 'client' | 'owner'; here: SignOutHere }) {
  useDocumentTitle('Profile');
  const { data: user, error, isLoading, refetch } = useGetUserQuery();
  return (
    <>
      <PageHeader title="Profile" intro={INTRO[area]} />
      {isLoading ? (
        <Skeleton lines={6} label="Loading your profile" />
      ) : !user ? (
        <LoadError what="your profile" error={error} onRetry={() => void refetch()} />
      ) : (
        <div className="flex flex-col gap-6">
          <EmailVerificationBanner user={user} />
          {area === 'owner' && <TwoFactorCard timeZone={user.timeZone} />}
          <div className="grid items-start gap-6 lg:grid-cols-2">
            <DetailsForm user={user} description={DETAILS_USE[area]} />
            <div className="flex flex-col gap-6">
              <EmailForm user={user} />
              <PasswordForm />
            </div>
          </div>
          {area === 'client' && <TwoFactorCard timeZone={user.timeZone} />}
          <SessionsCard timeZone={user.timeZone} here={here} />
          {area === 'client' && <PrivacyCard />}
        </div>
      )}
    </>
  );
}
