/** The first services of a fresh install: the demo consultant's, as the landing page describes them. */
import type { ServiceInput } from '@consult/shared';
import { demoSiteContent } from '../site';

export const demoServices: ServiceInput[] = demoSiteContent.services.map((service, index) => ({
  slug: service.slug,
  title: service.title,
  summary: service.summary,
  description: service.description,
  durationMinutes: service.durationMinutes,
  priceMinor: service.priceMinor,
  currency: service.currency,
  meetingMode: service.meetingMode,
  address: null,
  active: true,
  order: index,
}));
