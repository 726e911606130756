/**
 * The clock module's public face (decision 053): the owner's time zone and wall-clock arithmetic.
 */
export { OwnerTimeZone } from './owner-time-zone';
export {
  DAY_MS,
  HOUR_MS,
  MINUTE_MS,
  ZoneClock,
  dateToWallMs,
  rangeForDays,
  wallMsToDate,
} from './zone-clock';
