import { useParams } from 'react-router';
import { LoadingScreen } from '../../components/loading-screen';
import { useGetUserQuery } from '../../features/account';
import { RequireSession } from '../../features/auth';
import { WaitlistOfferPage } from '../../features/waitlist';
import { detectTimeZone } from '../../lib/date-time';

/**
 * /waitlist/offers/:token, linked by the offer mail: signed in first (the sign-in comes back here),
 * times in the zone of the person's profile.
 */
export default function WaitlistOfferRoute() {
  return (
    <RequireSession>
      <Offer />
    </RequireSession>
  );
}

function Offer() {
  const { token = '' } = useParams();
  const { data: user, isLoading } = useGetUserQuery();
  if (isLoading) return <LoadingScreen />;
  return <WaitlistOfferPage token={token} timeZone={user?.timeZone ?? detectTimeZone()} />;
}
