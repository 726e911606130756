/** How packages are written for people: sessions and validity. */
export function sessionsText(sessions: number): string {
  return `${sessions} ${sessions === 1 ? 'session' : 'sessions'}`;
}

export function validityText(validityDays: number | null): string {
  if (validityDays === null) return 'never expires';
  return `valid ${validityDays} ${validityDays === 1 ? 'day' : 'days'} from purchase`;
}

export function creditsText(credits: number): string {
  return `${credits} ${credits === 1 ? 'credit' : 'credits'}`;
}
