/**
 * Long unbroken text holds in its box: what people type (notes, answers, names, titles, messages,
 * a mail's link, the site's own words) is made 1,000 characters without a space where its limit
 * allows (its limit where that is lower), through the API where typing is not what is tested, and
 * every screen that shows it is never wider than the window at 320 and 1,440 px. The forms take
 * 1,000 characters too: they hold, count and refuse what is over the limit, never cut it.
 */
import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  type SiteDocument,
  BOOKING_MESSAGES,
  BOOKING_NOTES_MAX,
  CLIENT_NOTE_TEXT_MAX,
  CONTACT_MESSAGE_MAX,
  CONTACT_NAME_MAX,
  NAME_MAX_LENGTH,
  SITE_LIMITS,
  SLOT_TAKEN_PROBLEM_TYPE,
  TASK_DETAILS_MAX,
  TASK_TITLE_MAX,
  adminBookingPath,
  adminMessagePath,
  adminPaymentPath,
  adminTaskPath,
  adminUserPath,
} from '@consult/shared';
import { ADMIN, bearerOf, signIn, signedInClient, type TestAccount } from './support/accounts';
import { expect, expectNoAxeViolations, keepScreenshot, test } from './support/fixtures';
import { startOwnServer } from './support/own-server';

// A sign-up with its proof of work and many screens at two widths.
test.describe.configure({ timeout: 120_000 });

const NARROW = { width: 320, height: 720 };
const WIDE = { width: 1440, height: 900 };

/** `length` characters without a space, starting with a marker the test can find on the page. */
function unbroken(marker: string, length = 1000): string {
  return (marker + 'x'.repeat(length)).slice(0, length);
}

/** The page is never wider than its window, at 320 and at 1,440 px. */
async function expectHoldsAtBothWidths(page: Page, screen: string) {
  for (const viewport of [NARROW, WIDE]) {
    await page.setViewportSize(viewport);
    const { scrollWidth, innerWidth, widest } = await page.evaluate(() => {
      // The deepest element reaching past the window's edge, to name in the failure.
      const past = Array.from(document.body.querySelectorAll('*')).filter(
        (element) => element.getBoundingClientRect().right > window.innerWidth + 1,
      );
      const deepest = past.find(
        (element) => !past.some((o) => o !== element && element.contains(o)),
      );
      return {
        scrollWidth: document.documentElement.scrollWidth,
        innerWidth: window.innerWidth,
        widest: deepest
          ? `${deepest.tagName.toLowerCase()}.${[...deepest.classList].join('.')} in ${deepest.parentElement?.tagName.toLowerCase()}.${[...(deepest.parentElement?.classList ?? [])].join('.')}`
          : 'none',
      };
    });
    expect(scrollWidth, `${screen} at ${viewport.width} px (${widest})`).toBeLessThanOrEqual(
      innerWidth,
    );
    // Kept with a local run's output, to look at.
    const name = screen.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '');
    await keepScreenshot(page, `${name}-${viewport.width}`);
  }
}

async function call<T>(
  request: APIRequestContext,
  bearer: string,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT',
  url: string,
  data?: object,
): Promise<T> {
  const res = await request.fetch(url, {
    method,
    headers: { authorization: bearer },
    ...(data && { data }),
  });
  expect(res.status(), `${method} ${url}: ${await res.text()}`).toBeLessThan(300);
  return (await res.json()) as T;
}

/** A free start of `service` at least 40 days ahead, where the tests that pick days do not go. */
async function freeStart(request: APIRequestContext, service: string): Promise<string> {
  const day = (offset: number) =>
    new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const res = await request.get(
    `/api/availability?service=${service}&from=${day(40)}&to=${day(60)}&timeZone=UTC`,
  );
  expect(res.status()).toBe(200);
  const { days } = (await res.json()) as { days: { slots: string[] }[] };
  const slots = days.flatMap((d) => d.slots);
  expect(slots.length).toBeGreaterThan(0);
  return slots[Math.floor(Math.random() * slots.length)]!;
}

/**
 * Books `service` at a free start from `freeStart`. Journeys run side by side (a weekly series, the
 * other seed): a time another test takes between the read and the booking is picked again, as a
 * person would pick another time.
 */
async function bookFreeStart(
  request: APIRequestContext,
  bearer: string,
  booking: { service: string; notes: string; answers?: Record<string, string> },
): Promise<{ id: string }> {
  for (let attempt = 1; ; attempt += 1) {
    const res = await request.post('/api/bookings', {
      headers: { authorization: bearer },
      data: { ...booking, start: await freeStart(request, booking.service) },
    });
    const taken =
      res.status() === 409 &&
      ((await res.json()) as { type: string }).type === SLOT_TAKEN_PROBLEM_TYPE;
    if (taken && attempt < 5) continue;
    expect(res.status(), `POST /api/bookings: ${await res.text()}`).toBe(201);
    return (await res.json()) as { id: string };
  }
}

const TEXT = {
  name: unbroken('NAME', NAME_MAX_LENGTH),
  notes: unbroken('NOTES', BOOKING_NOTES_MAX),
  answer: unbroken('ANSWER'),
  taskTitle: unbroken('TASKTITLE', TASK_TITLE_MAX),
  taskDetails: unbroken('TASKDETAILS'),
  privateNote: unbroken('PRIVATENOTE'),
  contactName: unbroken('CN', CONTACT_NAME_MAX),
  contactMessage: unbroken('CONTACTMESSAGE', CONTACT_MESSAGE_MAX),
};

interface Seeded {
  client: TestAccount & { id: string };
  freeBookingId: string;
  paidBookingId: string;
  paymentId: string;
  taskId: string;
  messageId: string;
  outboxMailId: string;
  adminBearer: string;
}

/**
 * A client with a long name, a booking with long notes and intake answers, a paid one, a task, a
 * private note and a contact message, all with long unbroken text.
 */
async function seed(page: Page, request: APIRequestContext): Promise<Seeded> {
  const account = await signedInClient(page, 'long');
  const clientBearer = await bearerOf(request, account);
  const me = await call<{ id: string }>(request, clientBearer, 'PATCH', '/api/user', {
    name: TEXT.name,
  });
  const adminBearer = await bearerOf(request, ADMIN);

  const slug = `long-${randomUUID().slice(0, 8)}`;
  await call(request, adminBearer, 'POST', '/api/admin/services', {
    slug,
    title: `Long answers ${slug.slice(-8)}`,
    durationMinutes: 30,
    priceMinor: 0,
    currency: 'USD',
    meetingMode: 'video',
    questions: [{ kind: 'long_text', label: 'Tell me everything', required: true }],
  });
  const site = await (await request.get('/api/site')).json();
  const service = (
    site as { services: { slug: string; questions: { id: string }[] }[] }
  ).services.find((s) => s.slug === slug)!;
  const free = await bookFreeStart(request, clientBearer, {
    service: slug,
    notes: TEXT.notes,
    answers: { [service.questions[0]!.id]: TEXT.answer },
  });
  const paid = await bookFreeStart(request, clientBearer, {
    service: 'strategy-session',
    notes: TEXT.notes,
  });
  const payments = await call<{ payments: { id: string; bookingId: string }[] }>(
    request,
    clientBearer,
    'GET',
    '/api/payments',
  );
  const payment = payments.payments.find((p) => p.bookingId === paid.id)!;

  const task = await call<{ id: string }>(request, adminBearer, 'POST', '/api/admin/tasks', {
    clientId: me.id,
    bookingId: free.id,
    title: TEXT.taskTitle,
    details: TEXT.taskDetails,
  });
  await call(request, adminBearer, 'POST', `/api/admin/users/${me.id}/notes`, {
    text: TEXT.privateNote,
  });
  await call(request, clientBearer, 'POST', '/api/contactMe', {
    name: TEXT.contactName,
    phone: '+923001234567',
    email: account.email,
    message: TEXT.contactMessage,
    type: 'General',
  });
  const messages = await call<{ messages: { id: string; email: string }[] }>(
    request,
    adminBearer,
    'GET',
    `/api/admin/messages?q=${encodeURIComponent(account.email)}`,
  );
  // The sign-up mail carries a long token link; newest first, other tests' mail may come between.
  let outboxMailId: string | undefined;
  for (let pageNumber = 1; !outboxMailId && pageNumber <= 5; pageNumber += 1) {
    const outbox = await call<{ mails: { id: string; to: string | null; subject: string }[] }>(
      request,
      adminBearer,
      'GET',
      `/api/admin/outbox?page=${pageNumber}`,
    );
    outboxMailId = outbox.mails.find(
      (m) => m.to === account.email && /^Confirm your e-mail/.test(m.subject),
    )?.id;
  }
  return {
    client: { ...account, id: me.id },
    freeBookingId: free.id,
    paidBookingId: paid.id,
    paymentId: payment.id,
    taskId: task.id,
    messageId: messages.messages.find((m) => m.email === account.email)!.id,
    outboxMailId: outboxMailId!,
    adminBearer,
  };
}

/** Part of a long text, as a screen shows it (a list may show only its start). */
function start(text: string) {
  return text.slice(0, 12);
}

test('the client’s screens hold long names, notes, answers and tasks at 320 and 1,440 px', async ({
  page,
  request,
}) => {
  const seeded = await seed(page, request);
  const screens: [string, string][] = [
    ['/dash', TEXT.notes],
    ['/dash/bookings', TEXT.notes],
    ['/dash/tasks', TEXT.taskTitle],
    ['/dash/payments', 'Strategy session'],
  ];
  for (const [path, shown] of screens) {
    await page.setViewportSize(WIDE);
    await page.goto(path);
    await expect(page.getByText(start(shown)).first()).toBeAttached({ timeout: 15_000 });
    await expectHoldsAtBothWidths(page, path);
  }
  await page.goto('/dash/profile');
  await expect(page.getByLabel('Full name')).toHaveValue(TEXT.name);
  await expectHoldsAtBothWidths(page, '/dash/profile');
  await page.goto('/dash/tasks');
  await expect(page.getByText(start(TEXT.taskDetails)).first()).toBeAttached();
  await expectHoldsAtBothWidths(page, '/dash/tasks with details');
  await expectNoAxeViolations(page);
  expect(seeded.client.id).toBeTruthy();
});

test('the owner’s screens hold a client’s long text at 320 and 1,440 px', async ({
  page,
  browser,
  request,
}) => {
  const seeded = await seed(page, request);
  const owner = await (await browser.newContext({ viewport: WIDE })).newPage();
  await owner.goto('/signin');
  await signIn(owner, ADMIN.email, ADMIN.password);
  await expect(owner).toHaveURL(/\/admin/);
  const screens: [string, string][] = [
    ['/admin/upcoming', TEXT.name],
    [adminBookingPath(seeded.freeBookingId), TEXT.answer],
    [adminBookingPath(seeded.paidBookingId), TEXT.notes],
    [adminUserPath(seeded.client.id), TEXT.privateNote],
    [adminTaskPath(seeded.taskId, seeded.client.id), TEXT.taskDetails],
    [adminMessagePath(seeded.messageId), TEXT.contactMessage],
    [adminPaymentPath(seeded.paymentId), TEXT.name],
    [`/admin/system?tab=outbox&mail=${seeded.outboxMailId}`, '/verifyEmail?token='],
  ];
  for (const [path, shown] of screens) {
    await owner.setViewportSize(WIDE);
    await owner.goto(path);
    await expect(owner.getByText(start(shown)).first()).toBeAttached({ timeout: 15_000 });
    await expectHoldsAtBothWidths(owner, path);
  }
  await expectNoAxeViolations(owner);
});

test('the forms hold 1,000 characters in each field, count them and refuse what is over', async ({
  page,
}) => {
  const long = unbroken('TYPED');
  await signedInClient(page, 'typing');

  // The booking's notes: counted, refused before sending, never cut.
  await page.setViewportSize(NARROW);
  await page.goto('/consultation?service=intro-call');
  const notes = page.getByLabel(/Notes for the consultant/);
  await notes.fill(`${long}abcdefghijkl`);
  await expect(notes).toHaveValue(`${long}abcdefghijkl`);
  await expect(page.getByText('1,012 / 1,000: 12 characters too many')).toBeVisible();
  await expect(notes).toHaveAttribute('aria-invalid', 'true');
  await expectHoldsAtBothWidths(page, 'the booking flow');

  // The profile's name.
  await page.goto('/dash/profile');
  const name = page.getByLabel('Full name');
  await name.fill(long);
  await expect(name).toHaveValue(long);
  await expect(page.getByText(`1,000 / ${NAME_MAX_LENGTH}`, { exact: false })).toBeVisible();
  await page.getByRole('button', { name: /save/i }).first().click();
  await expect(page.getByText(/Name must be/).first()).toBeVisible();
  await expectHoldsAtBothWidths(page, 'the profile form');
  await expectNoAxeViolations(page);

  // The contact form's name and message (the seed's limits: 30 and 500).
  await page.goto('/');
  await page.getByRole('button', { name: 'Send me a message' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Message').fill(long);
  await expect(dialog.getByText(`1,000 / ${CONTACT_MESSAGE_MAX}`, { exact: false })).toBeVisible();
  await dialog.getByLabel('Name').fill(long);
  await expectHoldsAtBothWidths(page, 'the contact form');
});

test('the owner’s forms hold 1,000 characters and refuse what is over their limit', async ({
  page,
}) => {
  const long = unbroken('TYPED', 1000);
  await page.setViewportSize(WIDE);
  await page.goto('/signin');
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin/);

  // A task's title and details.
  await page.goto('/admin/tasks');
  await page
    .getByRole('button', { name: /new task/i })
    .first()
    .click();
  const title = page.getByLabel('Title');
  await title.fill(long);
  await expect(title).toHaveValue(long);
  await expect(page.getByText(`1,000 / ${TASK_TITLE_MAX}`, { exact: false })).toBeVisible();
  await page.getByLabel('Details (optional)').fill(`${long}${long}${long}`);
  await expect(
    page.getByText(`3,000 / ${TASK_DETAILS_MAX.toLocaleString('en')}`, { exact: false }),
  ).toBeVisible();
  await expectHoldsAtBothWidths(page, 'the task form');

  // The site content editor: every text field of its cards.
  await page.goto('/admin/config?tab=site');
  const editor = page.getByRole('form', { name: 'Site content' });
  for (const label of ['Business name', 'Role', 'Location', 'Tagline', 'Kicker', 'Page title']) {
    const field = editor.getByLabel(label, { exact: true }).first();
    await field.fill(long);
    await expect(field).toHaveValue(long);
  }
  await expect(
    editor.getByText(`1,000 / ${SITE_LIMITS.taglineMax}`, { exact: false }),
  ).toBeVisible();
  await expectHoldsAtBothWidths(page, 'the site editor');
  await editor.getByRole('button', { name: 'Save site content' }).click();
  await expect(
    editor.getByText(`Tagline must be at most ${SITE_LIMITS.taglineMax} characters long`),
  ).toBeVisible();
  // Nothing was saved: the public page keeps its words.
  const home = await (await page.request.get('/api/site')).json();
  expect((home as { consultant: { tagline?: string } }).consultant.tagline ?? '').not.toContain(
    'TYPED',
  );
  expect(CLIENT_NOTE_TEXT_MAX).toBeGreaterThan(1000);
  expect(BOOKING_MESSAGES.notesTooLong).toContain(String(BOOKING_NOTES_MAX));
});

/** The owner's own server (its site content is changed), with an admin to sign in as. */
const OWNER = { email: 'long-owner@e2e.test', password: 'long-owner-password-42' };

async function withOwnServer(work: (baseURL: string) => Promise<void>) {
  const server = await startOwnServer({ ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password });
  try {
    await work(server.baseURL);
  } finally {
    await server.stop();
  }
}

test('the landing page, /consultation and the terms hold long site content at 320 and 1,440 px', async ({
  page,
  request,
}) => {
  await withOwnServer(async (baseURL) => {
    const bearer = await bearerOf(request, OWNER, baseURL);
    const site = await call<SiteDocument>(request, bearer, 'GET', `${baseURL}/api/admin/site`);
    const L = SITE_LIMITS;
    const edit: Omit<SiteDocument, 'terms'> & { terms: { markdown: string } } = {
      ...site,
      consultant: {
        ...site.consultant,
        name: unbroken('BUSINESS', L.nameMax),
        role: unbroken('ROLE', L.roleMax),
        tagline: unbroken('TAGLINE', L.taglineMax),
        location: unbroken('LOCATION', L.locationMax),
      },
      hero: {
        eyebrow: unbroken('KICKER', L.kickerMax),
        heading: unbroken('HEADING', L.headingMax),
        lead: unbroken('LEAD', L.leadMax),
        highlights: [unbroken('HIGHLIGHT', L.highlightMax)],
      },
      about: {
        heading: unbroken('ABOUTHEADING', L.headingMax),
        paragraphs: [unbroken('PARAGRAPH')],
        credentials: [unbroken('CREDENTIAL', L.credentialMax)],
      },
      faq: [{ question: unbroken('QUESTION', L.faqQuestionMax), answer: unbroken('ANSWER') }],
      contact: {
        phone: '+92 300 1234567',
        email: `${'e'.repeat(64)}@${'d'.repeat(60)}.example.com`,
      },
      social: {
        professionalNetwork: `https://www.linkedin.com/in/${'p'.repeat(250)}`,
        microblog: `https://x.com/${'m'.repeat(250)}`,
        chat: `https://wa.me/${'9'.repeat(250)}`,
      },
      terms: { markdown: `## Terms\n\n${unbroken('TERMS')}` },
    };
    await call(request, bearer, 'PUT', `${baseURL}/api/admin/site`, edit);

    for (const [path, shown] of [
      ['/', 'PARAGRAPH'],
      ['/consultation', 'BUSINESS'],
      ['/terms-and-conditions', 'TERMS'],
    ] as const) {
      await page.setViewportSize(WIDE);
      await page.goto(`${baseURL}${path}`);
      await expect(page.getByText(shown, { exact: false }).first()).toBeAttached();
      await expectHoldsAtBothWidths(page, path);
    }
    await page.goto(`${baseURL}/`);
    await expectNoAxeViolations(page);
  });
});

test('the owner empties a social link in the editor and the footer no longer shows it', async ({
  page,
}) => {
  await withOwnServer(async (baseURL) => {
    // Until the owner empties them, the footer shows every element the seed names.
    await page.goto(`${baseURL}/`);
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: /^\+92/ })).toBeVisible();
    await expect(footer.getByRole('link', { name: /@/ })).toBeVisible();
    await expect(footer.getByRole('link', { name: /opens in a new tab/ })).toHaveCount(3);
    const microblog = footer.getByRole('link', { name: /^X/ });
    await expect(microblog).toBeVisible();

    await page.goto(`${baseURL}/signin`);
    await signIn(page, OWNER.email, OWNER.password);
    await expect(page).toHaveURL(/\/admin/);
    await page.goto(`${baseURL}/admin/config?tab=site`);
    const editor = page.getByRole('form', { name: 'Site content' });
    await editor.getByLabel('Microblog').fill('');
    await editor.getByLabel('Tagline').fill('');
    await editor.getByRole('button', { name: 'Save site content' }).click();
    await expect(page.getByText('Site content saved. The public pages show it now.')).toBeVisible();

    await page.goto(`${baseURL}/`);
    await expect(footer.getByRole('link', { name: /opens in a new tab/ })).toHaveCount(2);
    for (const viewport of [NARROW, WIDE]) {
      await page.setViewportSize(viewport);
      await keepScreenshot(footer, `footer-${viewport.width}`);
    }
    await expect(microblog).toHaveCount(0);
    await expect(footer.getByRole('link', { name: /LinkedIn/ })).toBeVisible();
    const site = (await (await page.request.get(`${baseURL}/api/site`)).json()) as {
      social: Record<string, string>;
      consultant: Record<string, string>;
    };
    expect(Object.keys(site.social).sort()).toEqual(['chat', 'professionalNetwork']);
    expect(site.consultant).not.toHaveProperty('tagline');

    // The editor shows the emptied fields empty, and a save of nothing else keeps them so.
    await page.goto(`${baseURL}/admin/config?tab=site`);
    await expect(editor.getByLabel('Microblog')).toHaveValue('');
    await expectNoAxeViolations(page);
  });
});
