/** How the site writes prices and durations; one fixed locale so the server and browser render alike. */
import { formatMoney } from '../payments/money';
import type { SiteService } from './schemas';

export function formatPrice(service: Pick<SiteService, 'priceMinor' | 'currency'>): string {
  if (service.priceMinor === 0) return 'Free';
  return formatMoney(service.priceMinor, service.currency, { wholeUnitsShort: true });
}

export function formatDuration(minutes: number): string {
  if (minutes < 60 || minutes % 60 !== 0) return `${minutes} min`;
  const hours = minutes / 60;
  return hours === 1 ? '1 hour' : `${hours} hours`;
}

export const MEETING_MODE_LABELS = {
  video: 'Video call',
  phone: 'Phone call',
  in_person: 'In person',
} as const;
