/** How the inbox writes when a message arrived: the owner's zone, day and time. */
export function formatReceivedAt(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en', {
    timeZone,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(iso));
}
