import { MINUTE_MS } from '@consult/shared';
import { useGetInboxSummaryQuery } from './messages-api';

/** New mail arrives while the owner works elsewhere in /admin: the count looks again each minute. */
const SUMMARY_POLL_MS = MINUTE_MS;

/**
 * The admin navigation's "Messages" with the count of new messages beside it. The count is seen as
 * a number and heard in one phrase ("Messages, 3 new"): the visible parts are hidden from screen
 * readers and a hidden sentence names the link instead.
 */
export function MessagesNavLabel({ label }: { label: string }) {
  const { data } = useGetInboxSummaryQuery(undefined, { pollingInterval: SUMMARY_POLL_MS });
  const count = data?.newMessages ?? 0;
  if (count === 0) return label;
  return (
    <>
      <span aria-hidden="true" className="inline-flex items-center whitespace-nowrap">
        {label}
        <span className="ml-2 inline-flex min-w-6 items-center justify-center rounded-full bg-accent px-1.5 text-sm font-bold text-white tabular-nums">
          {count > 99 ? '99+' : count}
        </span>
      </span>
      <span className="sr-only">{`${label}, ${count} new`}</span>
    </>
  );
}
