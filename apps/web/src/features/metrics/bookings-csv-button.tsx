/**
 * Downloads the range's bookings as CSV. The file needs the session's bearer token, so it is
 * fetched through the API layer and handed to the browser as a blob.
 */
import { toast } from 'sonner';
import type { DayRange } from '@consult/shared';
import { Button } from '../../components/ui/button';
import { errorMessage } from '../../lib/problem';
import { useGetBookingsCsvMutation } from './metrics-api';

function saveFile(content: string, filename: string) {
  const url = URL.createObjectURL(new Blob([content], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function BookingsCsvButton({ range }: { range: DayRange }) {
  const [fetchCsv, { isLoading }] = useGetBookingsCsvMutation();
  const onClick = async () => {
    const result = await fetchCsv(range);
    if ('data' in result && typeof result.data === 'string') {
      saveFile(result.data, `bookings-${range.from}-to-${range.to}.csv`);
    } else toast.error(errorMessage(result.error));
  };
  return (
    <Button variant="secondary" disabled={isLoading} onClick={() => void onClick()}>
      {isLoading ? 'Preparing...' : 'Download bookings (CSV)'}
    </Button>
  );
}
