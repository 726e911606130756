/** A feed's address, shown once after it was made: copy it, or open it in a calendar app. */
import { toast } from 'sonner';
import { CALENDAR_FEED_MESSAGES } from '@consult/shared';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClasses } from '../../components/ui/button';
import { inputClasses } from '../../components/ui/field';

/** Calendar apps open webcal: addresses as a subscription (the same address, read over https). */
export function webcalAddress(url: string): string {
  return url.replace(/^https?:/, 'webcal:');
}

export function FeedAddress({ url, onDone }: { url: string; onDone: () => void }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(CALENDAR_FEED_MESSAGES.copied);
    } catch {
      toast.error(CALENDAR_FEED_MESSAGES.copyFailed);
    }
  };
  return (
    <div className="flex flex-col gap-4">
      <Alert tone="success" title="Copy your calendar address now">
        It is shown only this once. Anyone with it can see these bookings, so keep it private.
      </Alert>
      <label className="flex flex-col gap-1.5">
        <span className="text-sm font-semibold text-ink">Calendar address</span>
        <input
          readOnly
          value={url}
          onFocus={(event) => event.currentTarget.select()}
          className={`${inputClasses} font-mono text-sm`}
        />
      </label>
      <div className="flex flex-wrap gap-3">
        <Button onClick={() => void copy()}>Copy address</Button>
        <a href={webcalAddress(url)} className={buttonClasses('secondary')}>
          Open in calendar app
        </a>
        <Button variant="ghost" onClick={onDone}>
          Done
        </Button>
      </div>
      <p className="text-sm text-muted">
        In Google Calendar: Other calendars, From URL. In Apple Calendar: File, New Calendar
        Subscription. In Outlook: Add calendar, Subscribe from web.
      </p>
    </div>
  );
}
