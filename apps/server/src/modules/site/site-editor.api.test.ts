import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONTACT_MESSAGES,
  SITE_MESSAGES,
  siteDocumentSchema,
  type SiteDocument,
  type SiteEditInput,
} from '@consult/shared';
import { buildApp } from '../../app';
import { createTestApp, testConfig, type TestApp } from '../../test/test-app';
import { signedInUser } from '../../test/accounts';
import { loadSchedulingSettings } from '../bookings/scheduling-settings';
import { auditLog } from '../audit/schema';
import { demoSiteContent } from './demo-site-content';
import { UNKNOWN_PORTRAIT_MESSAGE } from './site-editor-service';

/*
 * A web root with a server-rendering entry that prints the hero heading and the FAQ it is given:
 * enough to see which content the server render of / used, on each of two app nodes.
 */
const INDEX_HTML = `<!doctype html><html lang="en"><head><title>Consultant</title></head><body><div id="root"></div></body></html>`;
const SERVER_ENTRY = `export async function render(url, site) {
  return {
    status: 200,
    html: '<h1>' + site.hero.heading + '</h1>' + site.faq.map((e) => '<p>' + e.question + '</p>').join(''),
    dataScript: '',
    meta: { title: site.seo.title, description: site.seo.description },
    entry: 'app',
  };
}
`;

/**
 * The app's clock, fixed: the terms' date is the owner's day of it, and a real clock could pass the
 * owner's midnight between the save and the check. 20:30 UTC is already the next day in Karachi.
 */
const NOW = new Date('2026-03-10T20:30:00Z');

function editOf(document: SiteDocument): SiteEditInput {
  return { ...document, terms: { markdown: document.terms.markdown } };
}

describe('the site content editor: GET and PUT /api/admin/site', () => {
  let t: TestApp;
  let secondNode: FastifyInstance;
  let webDist: string;
  let admin: Awaited<ReturnType<typeof signedInUser>>;
  let client: Awaited<ReturnType<typeof signedInUser>>;

  beforeAll(async () => {
    webDist = mkdtempSync(join(tmpdir(), 'consult-site-editor-'));
    const webRoot = join(webDist, 'client');
    mkdirSync(webRoot, { recursive: true });
    mkdirSync(join(webDist, 'server'));
    writeFileSync(join(webRoot, 'index.html'), INDEX_HTML);
    writeFileSync(join(webDist, 'server', 'entry-server.js'), SERVER_ENTRY);
    t = await createTestApp({ webRoot, adjustDeps: (deps) => ({ ...deps, clock: () => NOW }) });
    // A second app node on the same database, as behind a load balancer (it must not close it).
    secondNode = await buildApp({
      config: testConfig(),
      database: { ...t.database, close: async () => {} },
      startJobs: false,
      webRoot,
    });
    admin = await signedInUser(t.app, { role: 'admin' });
    client = await signedInUser(t.app);
  });
  afterAll(async () => {
    await secondNode.close();
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  const put = (body: unknown, headers = admin.headers) =>
    t.app.inject({ method: 'PUT', url: '/api/admin/site', headers, payload: body as object });

  async function current(): Promise<SiteDocument> {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/site',
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
    return siteDocumentSchema.parse(res.json());
  }

  it('is for admins only: 401 without a session, 403 for a client', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/site' })).statusCode).toBe(401);
    const asClient = await t.app.inject({
      method: 'GET',
      url: '/api/admin/site',
      headers: client.headers,
    });
    expect(asClient.statusCode).toBe(403);
    expect((await put(editOf(demoSiteContent), client.headers)).statusCode).toBe(403);
  });

  it('reads the seeded document without the services, with the terms as Markdown', async () => {
    const document = await current();
    const { services: _services, ...expected } = demoSiteContent;
    expect(document).toEqual(expected);
    expect(document.terms.markdown).toContain('## Sessions and bookings');
    expect(document.portrait).toBeNull();
  });

  it('answers 400 with messages per field, keyed by path, and keeps the content', async () => {
    const before = await current();
    const edit = editOf(before);
    const res = await put({
      ...edit,
      consultant: { ...edit.consultant, initials: 'A.S.' },
      hero: { ...edit.hero, heading: '   ', highlights: ['a', 'b', 'c', 'd', 'e'] },
      faq: [edit.faq[0], edit.faq[1], { question: 'Why?', answer: '' }],
      contact: { phone: '0300 1234567', email: 'not-an-address' },
      seo: { ...edit.seo, title: 'x'.repeat(71) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    const { errors } = res.json() as { errors: Record<string, string[]> };
    expect(errors).toEqual({
      'consultant.initials': [SITE_MESSAGES.initials],
      'hero.heading': [SITE_MESSAGES.required('Heading')],
      'hero.highlights': [SITE_MESSAGES.tooMany('highlights', 4)],
      'faq.2.answer': [SITE_MESSAGES.required('Answer')],
      'contact.phone': [CONTACT_MESSAGES.phoneStart],
      'contact.email': [SITE_MESSAGES.emailInvalid],
      'seo.title': [SITE_MESSAGES.tooLong('Page title', 70)],
    });
    expect(await current()).toEqual(before);
  });

  it('takes the phone rule of the contact form and keeps the owner’s spacing', async () => {
    const edit = editOf(await current());
    const tooShort = await put({ ...edit, contact: { ...edit.contact, phone: '+92 30' } });
    expect(tooShort.json().errors).toEqual({ 'contact.phone': [CONTACT_MESSAGES.phoneTooShort] });
    const invalid = await put({ ...edit, contact: { ...edit.contact, phone: '+1 000 000 0000' } });
    expect(invalid.json().errors).toEqual({ 'contact.phone': [CONTACT_MESSAGES.phoneInvalid] });
    const ok = await put({ ...edit, contact: { ...edit.contact, phone: '+44 20 7946 0958' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().contact.phone).toBe('+44 20 7946 0958');
  });

  it('accepts social links over https only', async () => {
    const edit = editOf(await current());
    const res = await put({
      ...edit,
      social: {
        professionalNetwork: 'http://www.linkedin.com/in/someone',
        microblog: 'javascript:alert(1)',
        chat: 'https://wa.me/923001234567',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      'social.professionalNetwork': [SITE_MESSAGES.httpsOnly],
      'social.microblog': [SITE_MESSAGES.httpsOnly],
    });
  });

  it('refuses social links with a name or password before the host, spaces or backslashes, and saves nothing', async () => {
    const before = await current();
    const edit = editOf(before);
    const refused = {
      'https://x.com@evil.example/': SITE_MESSAGES.linkCredentials,
      'https://user:pass@www.linkedin.com/in/someone': SITE_MESSAGES.linkCredentials,
      'https://@wa.me/923001234567': SITE_MESSAGES.linkCredentials,
      'https://x.com/some one': SITE_MESSAGES.linkCharacters,
      'https://x.com\\@evil.example/': SITE_MESSAGES.linkCharacters,
      'https://evil.example\\x.com': SITE_MESSAGES.linkCharacters,
    };
    for (const [link, message] of Object.entries(refused)) {
      const res = await put({ ...edit, social: { ...edit.social, microblog: link } });
      expect(res.statusCode, link).toBe(400);
      expect(res.json().errors, link).toEqual({ 'social.microblog': [message] });
    }
    expect((await current()).social).toEqual(before.social);
    const allowed = 'https://x.com/sara?ref=site#top';
    const ok = await put({ ...edit, social: { ...edit.social, microblog: allowed } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().social.microblog).toBe(allowed);
  });

  /** Every optional field of the document (decision 039), by part. */
  const OPTIONAL_FIELDS = {
    consultant: ['role', 'tagline', 'location'],
    hero: ['eyebrow'],
    contact: ['phone', 'email'],
    social: ['professionalNetwork', 'microblog', 'chat'],
  } as const;

  function emptied(edit: SiteEditInput, empty: '' | null | '  '): SiteEditInput {
    const result = structuredClone(edit) as unknown as Record<string, Record<string, unknown>>;
    for (const [part, fields] of Object.entries(OPTIONAL_FIELDS))
      for (const field of fields) result[part]![field] = empty;
    return result as unknown as SiteEditInput;
  }

  it.each([
    ['an empty string', ''],
    ['null', null],
    ['blanks', '  '],
  ] as const)(
    'empties every optional field given %s, and GET /api/site omits them',
    async (_name, empty) => {
      const before = await current();
      const res = await put(emptied(editOf(before), empty));
      expect(res.statusCode).toBe(200);
      const site = (await t.app.inject({ method: 'GET', url: '/api/site' })).json() as Record<
        string,
        Record<string, unknown>
      >;
      const saved = (await current()) as unknown as Record<string, Record<string, unknown>>;
      for (const [part, fields] of Object.entries(OPTIONAL_FIELDS)) {
        for (const field of fields) {
          expect(Object.keys(site[part]!), `${part}.${field}`).not.toContain(field);
          expect(Object.keys(saved[part]!), `${part}.${field}`).not.toContain(field);
        }
      }
      // The required fields are untouched, and the render of / still works without the others.
      expect(site.consultant!.name).toBe(before.consultant.name);
      expect((await t.app.inject({ method: 'GET', url: '/' })).statusCode).toBe(200);
      // Setting them again brings them back.
      expect((await put(editOf(before))).statusCode).toBe(200);
      expect(await current()).toEqual(before);
    },
  );

  it('empties one social link left out of the body, keeps the others and audits it', async () => {
    const before = await current();
    const edit = editOf(before);
    const { microblog: _left, ...otherLinks } = edit.social;
    const res = await put({ ...edit, social: otherLinks });
    expect(res.statusCode).toBe(200);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'site.update'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry!.details).toEqual({
      before: { 'social.microblog': before.social.microblog },
      after: { 'social.microblog': null },
    });
    const site = (await t.app.inject({ method: 'GET', url: '/api/site' })).json() as SiteDocument;
    expect(site.social).toEqual({
      professionalNetwork: before.social.professionalNetwork,
      chat: before.social.chat,
    });
    expect((await put(edit)).statusCode).toBe(200);
  });

  it('refuses a text over its limit with 400 and never cuts it', async () => {
    const before = await current();
    const edit = editOf(before);
    const res = await put({
      ...edit,
      consultant: { ...edit.consultant, tagline: 'x'.repeat(161) },
      hero: { ...edit.hero, lead: 'y'.repeat(401) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      'consultant.tagline': [SITE_MESSAGES.tooLong('Tagline', 160)],
      'hero.lead': [SITE_MESSAGES.tooLong('Text', 400)],
    });
    expect(await current()).toEqual(before);
  });

  it('refuses a portrait that is not a stored photo', async () => {
    const edit = editOf(await current());
    const res = await put({ ...edit, portrait: { id: 'a'.repeat(32), alt: 'The consultant' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ 'portrait.id': [UNKNOWN_PORTRAIT_MESSAGE] });
  });

  it('shows a save at once on /api/site and in the server render of /, on every node', async () => {
    const edit = editOf(await current());
    // Both nodes have served the old content before the save.
    for (const node of [t.app, secondNode]) {
      expect((await node.inject({ method: 'GET', url: '/' })).body).toContain(edit.hero.heading);
    }
    const res = await put({
      ...edit,
      hero: { ...edit.hero, heading: 'Strategy for the next twelve months' },
      faq: [{ question: 'Is the first call free?', answer: 'Yes, twenty minutes.' }, ...edit.faq],
    });
    expect(res.statusCode).toBe(200);
    for (const node of [t.app, secondNode]) {
      const site = (await node.inject({ method: 'GET', url: '/api/site' })).json() as SiteDocument;
      expect(site.hero.heading).toBe('Strategy for the next twelve months');
      expect(site.faq[0]!.question).toBe('Is the first call free?');
      const page = await node.inject({ method: 'GET', url: '/' });
      expect(page.body).toContain('<h1>Strategy for the next twelve months</h1>');
      expect(page.body).toContain('<p>Is the first call free?</p>');
      expect(page.headers['cache-control']).toBe('no-cache');
    }
  });

  it('writes one audit entry with each changed field before and after', async () => {
    const edit = editOf(await current());
    const markdown = `${edit.terms.markdown}\n\n## Governing law\n\nThe law of Pakistan applies.`;
    const res = await put({
      ...edit,
      seo: { ...edit.seo, description: 'Strategy sessions for small businesses.' },
      faq: [...edit.faq].reverse(),
      terms: { markdown },
    });
    expect(res.statusCode).toBe(200);
    // The terms' date follows the text: the owner's today, from the app's clock.
    const { timeZone } = (await loadSchedulingSettings(t.database.db)).rules;
    const ownerToday = new Intl.DateTimeFormat('en-CA', { timeZone }).format(NOW);
    expect(res.json().terms.updatedOn).toBe(ownerToday);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'site.update'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry).toMatchObject({ actorId: admin.user.id, target: 'settings:site' });
    const { before, after } = entry!.details as Record<'before' | 'after', Record<string, unknown>>;
    expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
    expect(Object.keys(after).sort()).toEqual([
      'faq',
      'seo.description',
      'terms.markdown',
      'terms.updatedOn',
    ]);
    expect(before['seo.description']).toBe(edit.seo.description);
    expect(after['seo.description']).toBe('Strategy sessions for small businesses.');
    expect(after['faq']).toEqual([...edit.faq].reverse());
    expect(after['terms.markdown']).toBe(markdown);
  });

  it('writes nothing when nothing changed', async () => {
    const before = await t.database.db.select().from(auditLog);
    const res = await put(editOf(await current()));
    expect(res.statusCode).toBe(200);
    expect(await t.database.db.select().from(auditLog)).toHaveLength(before.length);
  });
});
