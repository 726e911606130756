/**
 * Downloads a booking's calendar invite (.ics). The file needs the session's bearer token, so it is
 * fetched through the API layer (which also renews an expired token) and handed over as a blob.
 */
import { toast } from 'sonner';
import { api } from '../../../lib/api';
import { errorMessage } from '../../../lib/problem';
import { Button } from '../../../components/ui/button';

const calendarApi = api.injectEndpoints({
  endpoints: (build) => ({
    getBookingInvite: build.mutation<string, string>({
      query: (id) => ({
        url: `/bookings/${encodeURIComponent(id)}/ics`,
        responseHandler: 'text',
      }),
    }),
  }),
});

function saveFile(content: string, filename: string) {
  const url = URL.createObjectURL(new Blob([content], { type: 'text/calendar;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the click; the blob can go once the browser took it.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function AddToCalendarButton({
  bookingId,
  label = 'Add to calendar',
  className,
}: {
  bookingId: string;
  label?: string;
  className?: string;
}) {
  const [fetchInvite, { isLoading }] = calendarApi.useGetBookingInviteMutation();
  const onClick = async () => {
    const result = await fetchInvite(bookingId);
    if ('data' in result && typeof result.data === 'string') {
      saveFile(result.data, `consultation-${bookingId.slice(0, 8)}.ics`);
    } else toast.error(errorMessage(result.error));
  };
  return (
    <Button
      variant="secondary"
      className={className}
      disabled={isLoading}
      onClick={() => void onClick()}
    >
      {isLoading ? 'Preparing...' : `${label} (.ics)`}
    </Button>
  );
}
