import { useParams } from 'react-router';
import { Skeleton } from '../../components/query-state';
import { useGetUserQuery } from '../../features/account';
import { RequireSession } from '../../features/auth';
import { ReceiptPage } from '../../features/payments';
import { detectTimeZone } from '../../lib/date-time';

/** /dash/payments/:id/receipt: signed in, without the dashboard's chrome, so it prints clean. */
export default function PaymentReceiptRoute() {
  return (
    <RequireSession>
      <Receipt />
    </RequireSession>
  );
}

function Receipt() {
  const { id = '' } = useParams();
  const { data: user, isLoading } = useGetUserQuery();
  if (isLoading) return <Skeleton lines={8} label="Loading the receipt" />;
  return <ReceiptPage id={id} timeZone={user?.timeZone ?? detectTimeZone()} />;
}
