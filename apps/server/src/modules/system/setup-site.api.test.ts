import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONTACT_MESSAGES,
  SETUP_LIMITS,
  SITE_MESSAGES,
  TEXT_MESSAGES,
  paymentSettingsViewSchema,
  setupChecklistSchema,
  siteContentSchema,
  type SiteContent,
} from '@consult/shared';
import { freshIp, signedInUser } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/test-app';
import { auditLog } from '../audit/schema';
import { DEMO_PERSONAL_STRINGS, demoSiteContent, demoStringsIn } from '../site/demo-site-content';
import { findUserByEmail } from '../users/users-repository';
import { prepareSetupLink } from './setup-service';

/*
 * A web root whose server-rendering entry prints everything it is given (the whole site content)
 * and the page's title: whatever the real pages could show of the site is in this HTML.
 */
const INDEX_HTML = `<!doctype html><html lang="en"><head><title>Consultant</title></head><body><div id="root"></div></body></html>`;
const SERVER_ENTRY = `export async function render(url, site) {
  const text = JSON.stringify(site).replaceAll('&', '&amp;').replaceAll('<', '&lt;');
  return {
    status: 200,
    html: '<main data-rendered="' + new URL(url).pathname + '">' + text + '</main>',
    dataScript: '',
    meta: { title: site.seo.title + ' · ' + site.consultant.name, description: site.seo.description },
    entry: 'app',
  };
}
`;
const PUBLIC_PAGES = ['/', '/consultation', '/terms-and-conditions'];

const account = { name: 'Jo Owner', email: 'jo@owner.test', password: 'a long owner passphrase' };
const practice = {
  businessName: 'Northwind Advisory',
  city: 'Manchester',
  phone: '+44 20 7946 0958',
};

let webDist: string;
let webRoot: string;
beforeAll(() => {
  webDist = mkdtempSync(join(tmpdir(), 'consult-setup-site-'));
  webRoot = join(webDist, 'client');
  mkdirSync(webRoot, { recursive: true });
  mkdirSync(join(webDist, 'server'));
  writeFileSync(join(webRoot, 'index.html'), INDEX_HTML);
  writeFileSync(join(webDist, 'server', 'entry-server.js'), SERVER_ENTRY);
});
afterAll(() => rmSync(webDist, { recursive: true, force: true }));

/** A fresh site at its first run, with the setup code the server would print. */
async function freshSite() {
  const t = await createTestApp({ webRoot, startJobs: false });
  const link = (await prepareSetupLink(t.app.deps))!;
  const code = new URL(link).searchParams.get('code')!;
  const setUp = (payload: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/setup',
      payload: { ...account, code, ...payload },
      remoteAddress: freshIp(),
    });
  const site = async (): Promise<SiteContent> => {
    const res = await t.app.inject({ method: 'GET', url: '/api/site' });
    expect(res.statusCode, res.body).toBe(200);
    return siteContentSchema.parse(res.json());
  };
  const pages = async () =>
    Promise.all(
      PUBLIC_PAGES.map(async (url) => {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(res.body, url).toContain(`data-rendered="${url}"`);
        return { url, html: res.body };
      }),
    );
  const checklist = async (accessToken: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/setup-checklist',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    return setupChecklistSchema.parse(res.json()).items.find((item) => item.id === 'business')!;
  };
  return { t, setUp, site, pages, checklist };
}

/** Every demo string GET /api/site and the server render of each public page still show. */
async function demoStringsShown(s: Awaited<ReturnType<typeof freshSite>>) {
  const found: Record<string, string[]> = {};
  const api = demoStringsIn(JSON.stringify(await s.site()));
  if (api.length > 0) found['/api/site'] = api;
  for (const { url, html } of await s.pages()) {
    const strings = demoStringsIn(html);
    if (strings.length > 0) found[url] = strings;
  }
  return found;
}

describe('the demo consultant’s strings', () => {
  it('are named once, from the demo content: names, city, e-mail, phone and social links', () => {
    expect(DEMO_PERSONAL_STRINGS).toEqual(
      expect.arrayContaining([
        'Ayesha Siddiqui',
        'Ayesha',
        'Siddiqui',
        'Lahore',
        'hello@ayeshasiddiqui.example',
        '+92 300 1234567',
        '923001234567',
        'https://x.com/ayesha_strategy',
      ]),
    );
    expect(demoStringsIn(JSON.stringify(demoSiteContent))).toEqual(DEMO_PERSONAL_STRINGS);
    expect(demoStringsIn('Sessions in AYESHA’s studio')).toEqual(['Ayesha']);
  });
});

describe('first-run setup with the practice’s facts', () => {
  let s: Awaited<ReturnType<typeof freshSite>>;
  let accessToken: string;
  beforeAll(async () => {
    s = await freshSite();
  });
  beforeAll(async () => {
    // The pages show the demo before the first run: the walk below can see a demo string.
    expect(Object.keys(await demoStringsShown(s))).toEqual(['/api/site', ...PUBLIC_PAGES]);
    const res = await s.setUp(practice);
    expect(res.statusCode, res.body).toBe(201);
    accessToken = res.json().accessToken;
  });
  afterAll(() => s.t.close());

  it('leaves no demo string on GET /api/site or the server render of /, /consultation and the terms', async () => {
    expect(await demoStringsShown(s)).toEqual({});
  });

  it('writes the owner’s facts wherever the demo’s stood', async () => {
    const site = await s.site();
    expect(site.consultant).toMatchObject({
      name: 'Northwind Advisory',
      initials: 'NA',
      location: 'Based in Manchester',
      // The practice's own description stays for the owner to edit.
      role: demoSiteContent.consultant.role,
    });
    expect(site.contact).toEqual({ phone: '+44 20 7946 0958', email: 'jo@owner.test' });
    expect(site.seo.title).toBe(`Northwind Advisory · ${demoSiteContent.consultant.role}`);
    expect(site.seo.description).toContain('Consultations with Jo Owner, based in Manchester');
    expect(site.about.heading).toBe('Hi, I am Jo Owner');
    for (const page of await s.pages()) expect(page.html).toContain('Northwind Advisory');
  });

  it('replaces the example text by neutral text for the owner’s practice', async () => {
    const site = await s.site();
    expect(site.about.paragraphs[0]).toBe(
      'I am Jo Owner, and Northwind Advisory is my independent practice in Manchester. I work one-to-one with people who want an outside view on a decision that matters to them, and the time to think it through properly.',
    );
    expect(site.about.credentials).toEqual([]);
    expect(site.hero.highlights).toEqual([
      'One-to-one sessions',
      'Book online at a time that suits you',
      'Based in Manchester',
    ]);
    expect(site.social).toEqual({
      professionalNetwork: 'https://www.linkedin.com/',
      microblog: 'https://x.com/',
      chat: 'https://wa.me/',
    });
    const answers = site.faq.map((entry) => entry.answer).join('\n');
    expect(answers).not.toMatch(/Karachi|Urdu/);
    expect(site.faq).toHaveLength(demoSiteContent.faq.length);
    expect(site.terms.markdown).toContain(
      'provided by Jo Owner, trading as Northwind Advisory, based in Manchester ("I", "me")',
    );
    expect(site.terms.markdown).toContain('[jo@owner\\.test](mailto:jo@owner.test)');
    expect(site.terms.markdown).not.toMatch(/lorem|\[your|name here/i);
    expect(site.terms.updatedOn).not.toBe(demoSiteContent.terms.updatedOn);
  });

  it('puts the business name on receipts and audits the site’s change', async () => {
    const settings = await s.t.app.inject({
      method: 'GET',
      url: '/api/admin/payment-settings',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(paymentSettingsViewSchema.parse(settings.json()).settings.businessName).toBe(
      'Northwind Advisory',
    );
    const owner = await findUserByEmail(s.t.app.deps.db, account.email);
    const [entry] = await s.t.app.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'site.update'));
    expect(entry).toMatchObject({ actorId: owner!.id });
    expect(entry!.details).toMatchObject({
      before: { 'consultant.name': 'Ayesha Siddiqui' },
      after: { 'consultant.name': 'Northwind Advisory' },
    });
  });

  it('ticks “your details” on the checklist', async () => {
    expect(await s.checklist(accessToken)).toEqual({ id: 'business', done: true, demoIn: [] });
  });
});

describe('first-run setup by a caller that sends only the account', () => {
  let s: Awaited<ReturnType<typeof freshSite>>;
  // A fresh app per first run, made in the hook: its migrations take a while on a busy machine.
  beforeAll(async () => {
    s = await freshSite();
  });
  afterAll(() => s.t.close());

  it('still replaces every demo string: the name is the business, no phone, no city', async () => {
    const res = await s.setUp({});
    expect(res.statusCode, res.body).toBe(201);
    expect(await demoStringsShown(s)).toEqual({});
    const site = await s.site();
    expect(site.consultant).toMatchObject({
      name: 'Jo Owner',
      initials: 'JO',
      location: 'Sessions by appointment',
    });
    expect(site.contact).toEqual({ email: 'jo@owner.test' });
    expect(site.terms.markdown).toContain(
      'provided by Jo Owner, an independent consultant ("I", "me")',
    );
    expect(site.about.paragraphs[0]).toMatch(/^I am Jo Owner, an independent consultant\. /);
    expect(await s.checklist(res.json().accessToken)).toMatchObject({ done: true });
  });
});

describe('first-run setup that keeps the example text', () => {
  let s: Awaited<ReturnType<typeof freshSite>>;
  // A fresh app per first run, made in the hook: its migrations take a while on a busy machine.
  beforeAll(async () => {
    s = await freshSite();
  });
  afterAll(() => s.t.close());

  it('keeps the biography, credentials, FAQ, social links and terms, and the checklist says where', async () => {
    const res = await s.setUp({ ...practice, keepExampleText: true });
    expect(res.statusCode, res.body).toBe(201);
    const site = await s.site();
    expect(site.about.paragraphs).toEqual(demoSiteContent.about.paragraphs);
    expect(site.about.credentials).toEqual(demoSiteContent.about.credentials);
    expect(site.hero.highlights).toEqual(demoSiteContent.hero.highlights);
    expect(site.faq).toEqual(demoSiteContent.faq);
    expect(site.social).toEqual(demoSiteContent.social);
    expect(site.terms).toEqual(demoSiteContent.terms);
    // The owner's facts are written all the same.
    expect(site.consultant.name).toBe('Northwind Advisory');
    expect(site.contact).toEqual({ phone: '+44 20 7946 0958', email: 'jo@owner.test' });
    expect(site.about.heading).toBe('Hi, I am Jo Owner');

    const shown = await demoStringsShown(s);
    expect(shown['/terms-and-conditions']).toEqual(expect.arrayContaining(['Ayesha Siddiqui']));
    expect(await s.checklist(res.json().accessToken)).toEqual({
      id: 'business',
      done: false,
      demoIn: ['about', 'faq', 'social', 'terms'],
    });
  });
});

describe('first-run setup’s checks of the practice’s facts', () => {
  let s: Awaited<ReturnType<typeof freshSite>>;
  // A fresh app per first run, made in the hook: its migrations take a while on a busy machine.
  beforeAll(async () => {
    s = await freshSite();
  });
  afterAll(() => s.t.close());

  it('answers 400 with a message per field and changes nothing', async () => {
    const res = await s.setUp({
      businessName: 'N'.repeat(SETUP_LIMITS.businessNameMax + 1),
      city: 'Manchester\nLondon',
      phone: '0300 1234567',
      keepExampleText: 'yes',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      businessName: [SITE_MESSAGES.tooLong('Business name', SETUP_LIMITS.businessNameMax)],
      city: [TEXT_MESSAGES.singleLine],
      phone: [CONTACT_MESSAGES.phoneStart],
      keepExampleText: ['Keep the example text is yes or no'],
    });
    const tooLongCity = await s.setUp({ city: 'C'.repeat(SETUP_LIMITS.cityMax + 1), phone: '+1' });
    expect(tooLongCity.json().errors).toEqual({
      city: [SITE_MESSAGES.tooLong('City', SETUP_LIMITS.cityMax)],
      phone: [CONTACT_MESSAGES.phoneTooShort],
    });
    expect(await findUserByEmail(s.t.app.deps.db, account.email)).toBeUndefined();
    expect(await s.site()).toEqual(demoSiteContent);

    // Empty facts are facts not given, as a form with blank optional fields sends them.
    const blank = await s.setUp({ businessName: ' ', city: '', phone: '' });
    expect(blank.statusCode, blank.body).toBe(201);
    expect((await s.site()).consultant.name).toBe('Jo Owner');
  });
});

describe('the checklist’s “your details” step', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ startJobs: false });
  });
  afterAll(() => t.close());

  it('is done only when no part of the site shows a demo string, not only the name', async () => {
    const admin = await signedInUser(t.app, { role: 'admin' });
    const business = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/admin/setup-checklist',
        headers: admin.headers,
      });
      return setupChecklistSchema.parse(res.json()).items.find((item) => item.id === 'business');
    };
    // An admin made without the first run (ADMIN_EMAIL, a promotion) finds the demo as it was.
    expect(await business()).toMatchObject({ done: false });
    const current = (
      await t.app.inject({ method: 'GET', url: '/api/admin/site', headers: admin.headers })
    ).json();
    const edit = { ...current, terms: { markdown: current.terms.markdown } };
    const own = {
      ...edit,
      consultant: { ...edit.consultant, name: 'Jo Owner', initials: 'JO', location: 'Leeds' },
      seo: { ...edit.seo, title: 'Jo Owner', description: 'Consultations with Jo Owner.' },
      about: { ...edit.about, heading: 'Hi, I am Jo' },
      contact: { phone: '+44 20 7946 0958', email: 'jo@owner.test' },
    };
    const put = (payload: object) =>
      t.app.inject({ method: 'PUT', url: '/api/admin/site', headers: admin.headers, payload });
    expect((await put(own)).statusCode).toBe(200);
    // The name and contact details are the owner's, but the terms, FAQ, credentials and links are not.
    expect(await business()).toEqual({
      id: 'business',
      done: false,
      demoIn: ['about', 'faq', 'social', 'terms'],
    });
    const res = await put({
      ...own,
      about: { ...own.about, credentials: ['Chartered accountant'] },
      faq: [{ question: 'Where do we meet?', answer: 'In Leeds or by video.' }],
      social: {
        professionalNetwork: 'https://www.linkedin.com/in/jo-owner',
        microblog: 'https://x.com/',
        chat: 'https://wa.me/442079460958',
      },
      terms: { markdown: 'Sessions with Jo Owner, Leeds: jo@owner.test.' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await business()).toEqual({ id: 'business', done: true, demoIn: [] });
    // One demo string anywhere is enough to undo it.
    await put({ ...own, faq: [{ question: 'Where?', answer: 'Near Lahore.' }] });
    expect(await business()).toMatchObject({
      done: false,
      demoIn: expect.arrayContaining(['faq']),
    });
  });
});
