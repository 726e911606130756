/** How the site writes prices and durations; one fixed locale so the server and browser render alike. */
import type { SiteService } from './schemas';

export function formatPrice(service: Pick<SiteService, 'priceMinor' | 'currency'>): string {
  if (service.priceMinor === 0) return 'Free';
  const amount = service.priceMinor / 100;
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: service.currency,
    maximumFractionDigits: Number.isInteger(amount) ? 0 : 2,
  }).format(amount);
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
