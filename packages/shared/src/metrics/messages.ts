/** Every text the metrics API answers with and the screen explains its figures by. */
export const METRICS_MESSAGES = {
  dateInvalid: 'Dates must be real calendar dates written as YYYY-MM-DD',
  bothDates: 'Give both a start and an end date, or neither',
  reversed: 'The end date must be on or after the start date',
  tooLong: (days: number) => `Choose a range of at most ${days} days (two years)`,
  /** Why a rate is shown as "—" rather than 0 %. */
  noOpenHours: 'No open hours in this range (weekly hours and date overrides)',
  noAttendance: 'No completed or missed meetings in this range',
  emptyRange: 'Nothing happened in this range: no bookings, payments, new clients or messages.',
} as const;
