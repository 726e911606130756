/**
 * Dates, times and zones for people (decision 054): the only module of the web app that builds an
 * `Intl.DateTimeFormat` (lint keeps it so). Formats in `format.ts`, zone clocks and the DST policy
 * in `zone-clock.ts`, calendar arithmetic in `calendar.ts`, the zone pickers in `time-zones.ts`.
 */
export * from './calendar';
export * from './format';
export * from './time-zones';
export * from './zone-clock';
