import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicSiteSchema, siteContentSchema } from '@consult/shared';
import { createTestApp, type TestApp } from '../../test/test-app';
import { startSmtpPeer } from '../../test/smtp-peer';
import { demoSiteContent } from './demo-site-content';
import { settings } from '../../db/settings-schema';
import { seedSiteContent } from './site-service';

describe('GET /api/site', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('serves the demo consultant seeded on first start', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/site' });
    expect(res.statusCode).toBe(200);
    const site = siteContentSchema.parse(res.json());
    expect(site).toEqual(demoSiteContent);
    expect(site.services).toHaveLength(3);
    expect(site.faq.length).toBeGreaterThanOrEqual(6);
    expect(site.contact.phone).toMatch(/^\+92 /);
  });

  it('seeds only once and keeps an edited site', async () => {
    const edited = { ...demoSiteContent, hero: { ...demoSiteContent.hero, heading: 'Edited' } };
    await t.database.db.update(settings).set({ value: edited });
    expect(await seedSiteContent(t.database.db)).toBe(false);
    const res = await t.app.inject({ method: 'GET', url: '/api/site' });
    expect(res.json().hero.heading).toBe('Edited');
  });

  it('keeps serving an older document whose services had another shape: services come from the table', async () => {
    const older = {
      ...demoSiteContent,
      hero: { ...demoSiteContent.hero, heading: 'Written before services had one schema' },
      services: demoSiteContent.services.map(({ meetingMode, ...service }) => ({
        ...service,
        mode: meetingMode,
      })),
    };
    await t.database.db.update(settings).set({ value: older });
    const site = siteContentSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/site' })).json(),
    );
    expect(site.hero.heading).toBe('Written before services had one schema');
    expect(site.services).toEqual(demoSiteContent.services);
  });

  it('never serves private keys or other settings documents', async () => {
    await t.database.db
      .update(settings)
      .set({ value: { ...demoSiteContent, ownerNotes: 'private: call back Tuesday' } });
    await t.database.db.insert(settings).values({ key: 'payments', value: { secret: 'sk_live' } });
    const res = await t.app.inject({ method: 'GET', url: '/api/site' });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('ownerNotes');
    expect(res.body).not.toContain('private: call back');
    expect(res.body).not.toContain('sk_live');
    expect(Object.keys(res.json()).sort()).toEqual(
      [...Object.keys(demoSiteContent), 'mailDelivery'].sort(),
    );
  });

  it('says mail is not delivered when no mail server is configured', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/site' });
    expect(publicSiteSchema.parse(res.json()).mailDelivery).toBe('none');
  });
});

describe('GET /api/site with a mail server', () => {
  it('says mail is delivered over SMTP', async () => {
    const peer = await startSmtpPeer();
    const t = await createTestApp({ env: { SMTP_URL: peer.url } });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/site' });
      expect(publicSiteSchema.parse(res.json()).mailDelivery).toBe('smtp');
    } finally {
      await t.close();
      await peer.close();
    }
  });
});
