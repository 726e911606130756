import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  adminBookingDetailSchema,
  bookingRecordSchema,
  consultationServiceSchema,
  INTAKE_MESSAGES,
  problemSchema,
  siteContentSchema,
  upcomingBookingsSchema,
  type ConsultationService,
  type IntakeQuestionInput,
} from '@consult/shared';
import { signedInUser } from '../../test/accounts';
import { startSmtpPeer, type SmtpPeer } from '../../test/smtp-peer';
import { createTestApp, type TestApp } from '../../test/test-app';
import { openEveryDay, slotAt } from './booking-test-setup';
import { bookings } from './schema';

describe('intake questions: the owner asks, the client answers, the booking keeps the answers', () => {
  let t: TestApp;
  let peer: SmtpPeer;
  type Person = Awaited<ReturnType<typeof signedInUser>>;
  let owner: Person;
  let day = 2;

  beforeAll(async () => {
    peer = await startSmtpPeer();
    t = await createTestApp({ env: { SMTP_URL: peer.url, OWNER_EMAIL: 'owner@example.test' } });
    await openEveryDay(t.app);
    owner = await signedInUser(t.app, { role: 'admin' });
  });
  afterAll(async () => {
    await t.close();
    await peer.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, who?: Person, payload?: object) =>
    t.app.inject({ method, url, headers: who?.headers, payload });

  const QUESTIONS: IntakeQuestionInput[] = [
    { kind: 'short_text', label: 'Company name', required: true },
    { kind: 'single_choice', label: 'Team size', required: true, options: ['1–5', '6–50'] },
    { kind: 'yes_no', label: 'First session with me?', required: false },
    { kind: 'long_text', label: 'What should we cover?', required: false },
  ];

  function serviceBody(slug: string, questions: IntakeQuestionInput[]) {
    return {
      slug,
      title: `Session ${slug}`,
      durationMinutes: 60,
      priceMinor: 0,
      currency: 'USD',
      meetingMode: 'video',
      questions,
    };
  }

  async function serviceWithQuestions(slug: string): Promise<ConsultationService> {
    const res = await call('POST', '/api/admin/services', owner, serviceBody(slug, QUESTIONS));
    expect(res.statusCode, res.body).toBe(201);
    return consultationServiceSchema.parse(res.json());
  }

  function answersFor(service: ConsultationService): Record<string, string> {
    const [company, size, first] = service.questions;
    return { [company!.id]: 'Acme <b>&</b> Co', [size!.id]: '6–50', [first!.id]: 'yes' };
  }

  function book(who: Person, service: string, answers: object) {
    day += 1;
    return call('POST', '/api/bookings', who, { service, start: slotAt(day, '10:00'), answers });
  }

  it('the owner saves questions: each gets an id, the order is kept, and the public site carries them', async () => {
    const service = await serviceWithQuestions('intake-saved');
    expect(service.questions.map((q) => q.label)).toEqual(QUESTIONS.map((q) => q.label));
    expect(new Set(service.questions.map((q) => q.id)).size).toBe(QUESTIONS.length);
    expect(service.questions[0]).toMatchObject({ kind: 'short_text', required: true, options: [] });

    const site = siteContentSchema.parse((await call('GET', '/api/site')).json());
    const listed = site.services.find((s) => s.slug === 'intake-saved');
    expect(listed?.questions).toEqual(service.questions);
  });

  it('refuses questions that break the rules, with the shared messages', async () => {
    const tooMany = Array.from({ length: 11 }, (_, i) => ({ kind: 'yes_no', label: `Q${i}` }));
    const res = await call(
      'POST',
      '/api/admin/services',
      owner,
      serviceBody('intake-invalid', [
        { kind: 'short_text', label: '' },
        { kind: 'single_choice', label: 'Pick', options: ['Only one'] },
        { kind: 'single_choice', label: 'Twice', options: ['Same', 'Same'] },
        { kind: 'short_text', label: 'x'.repeat(201) },
      ] as IntakeQuestionInput[]),
    );
    expect(res.statusCode).toBe(400);
    const problem = problemSchema.parse(res.json());
    expect(problem.errors).toMatchObject({
      'questions.0.label': [INTAKE_MESSAGES.labelRequired],
      'questions.1.options': [INTAKE_MESSAGES.optionsTooFew],
      'questions.2.options.1': [INTAKE_MESSAGES.optionDuplicate],
      'questions.3.label': [INTAKE_MESSAGES.labelTooLong],
    });

    const many = await call(
      'POST',
      '/api/admin/services',
      owner,
      serviceBody('intake-many', tooMany as IntakeQuestionInput[]),
    );
    expect(many.statusCode).toBe(400);
    expect(problemSchema.parse(many.json()).errors?.questions).toEqual([
      INTAKE_MESSAGES.questionsTooMany,
    ]);
  });

  it('stores the answers of a client booking as a snapshot of the questions, shown to the client and the owner', async () => {
    const service = await serviceWithQuestions('intake-booked');
    const client = await signedInUser(t.app);
    const res = await book(client, service.slug, answersFor(service));
    expect(res.statusCode, res.body).toBe(201);
    const booking = bookingRecordSchema.parse(res.json());
    expect(booking.answers).toEqual([
      {
        questionId: service.questions[0]!.id,
        label: 'Company name',
        kind: 'short_text',
        answer: 'Acme <b>&</b> Co',
      },
      {
        questionId: service.questions[1]!.id,
        label: 'Team size',
        kind: 'single_choice',
        answer: '6–50',
      },
      {
        questionId: service.questions[2]!.id,
        label: 'First session with me?',
        kind: 'yes_no',
        answer: 'yes',
      },
    ]);

    const upcoming = upcomingBookingsSchema.parse(
      (await call('GET', '/api/bookings/upcoming', client)).json(),
    );
    expect(upcoming.bookings.find((b) => b.id === booking.id)?.answers).toEqual(booking.answers);
    const detail = adminBookingDetailSchema.parse(
      (await call('GET', `/api/admin/bookings/${booking.id}`, owner)).json(),
    );
    expect(detail.answers).toEqual(booking.answers);
  });

  it('refuses a booking without a required answer, with the question named', async () => {
    const service = await serviceWithQuestions('intake-required');
    const client = await signedInUser(t.app);
    const { [service.questions[0]!.id]: _left, ...answers } = answersFor(service);
    const res = await book(client, service.slug, answers);
    expect(res.statusCode).toBe(400);
    const problem = problemSchema.parse(res.json());
    expect(problem.detail).toBe(INTAKE_MESSAGES.answerRequired('Company name'));
    expect(problem.errors).toEqual({
      [`answers.${service.questions[0]!.id}`]: [INTAKE_MESSAGES.answerRequired('Company name')],
    });
    const blank = await book(client, service.slug, {
      ...answersFor(service),
      [service.questions[0]!.id]: '   ',
    });
    expect(blank.statusCode).toBe(400);
    expect(
      await t.app.deps.db.select().from(bookings).where(eq(bookings.clientId, client.user.id)),
    ).toEqual([]);
  });

  it('refuses a choice that is not offered, a yes/no that is neither, an over-long answer and unknown questions', async () => {
    const service = await serviceWithQuestions('intake-wrong');
    const client = await signedInUser(t.app);
    const [, size, first, cover] = service.questions;
    const res = await book(client, service.slug, {
      ...answersFor(service),
      [size!.id]: '51+',
      [first!.id]: 'maybe',
      [cover!.id]: 'x'.repeat(2001),
      'not-a-question': 'hello',
    });
    expect(res.statusCode).toBe(400);
    const problem = problemSchema.parse(res.json());
    expect(problem.detail).toBe(INTAKE_MESSAGES.choiceInvalid('Team size'));
    expect(problem.errors).toEqual({
      [`answers.${size!.id}`]: [INTAKE_MESSAGES.choiceInvalid('Team size')],
      [`answers.${first!.id}`]: [INTAKE_MESSAGES.yesNoInvalid('First session with me?')],
      [`answers.${cover!.id}`]: [INTAKE_MESSAGES.answerTooLong('What should we cover?', 2000)],
      'answers.not-a-question': [INTAKE_MESSAGES.questionUnknown],
    });
  });

  it('a service without questions books as before, and refuses answers to questions it does not ask', async () => {
    const res = await call('POST', '/api/admin/services', owner, serviceBody('intake-none', []));
    expect(res.statusCode, res.body).toBe(201);
    const client = await signedInUser(t.app);
    const plain = await call('POST', '/api/bookings', client, {
      service: 'intake-none',
      start: slotAt(++day, '10:00'),
    });
    expect(plain.statusCode, plain.body).toBe(201);
    expect(bookingRecordSchema.parse(plain.json()).answers).toEqual([]);
    const stray = await book(client, 'intake-none', { anything: 'x' });
    expect(stray.statusCode).toBe(400);
  });

  it('the owner may book for a client without the answers', async () => {
    const service = await serviceWithQuestions('intake-owner');
    const client = await signedInUser(t.app);
    const res = await call('POST', '/api/admin/bookings', owner, {
      clientId: client.user.id,
      service: service.slug,
      start: slotAt(++day, '10:00'),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(bookingRecordSchema.parse(res.json()).answers).toEqual([]);
  });

  it('editing the questions later leaves the answers already given unchanged', async () => {
    const service = await serviceWithQuestions('intake-edited');
    const client = await signedInUser(t.app);
    const res = await book(client, service.slug, answersFor(service));
    const booking = bookingRecordSchema.parse(res.json());

    const edited = await call('PUT', `/api/admin/services/${service.id}`, owner, {
      ...serviceBody(service.slug, [
        {
          ...service.questions[1]!,
          label: 'How many people work with you?',
          options: ['Few', 'Many'],
        },
        { kind: 'short_text', label: 'A new question', required: true },
      ]),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const after = consultationServiceSchema.parse(edited.json());
    expect(after.questions[0]!.id).toBe(service.questions[1]!.id);

    const detail = adminBookingDetailSchema.parse(
      (await call('GET', `/api/admin/bookings/${booking.id}`, owner)).json(),
    );
    expect(detail.answers).toEqual(booking.answers);
    expect(detail.answers.map((a) => a.label)).toContain('Team size');
  });

  it('the owner’s copy of the confirmation mail lists the answers, escaped in HTML; the client’s does not', async () => {
    const service = await serviceWithQuestions('intake-mailed');
    const client = await signedInUser(t.app);
    const res = await book(client, service.slug, answersFor(service));
    expect(res.statusCode, res.body).toBe(201);
    await t.app.deps.mailer.deliverDue();
    const ownerCopy = await peer.waitForMail(
      (m) => m.to.includes('owner@example.test') && m.subject.includes('intake-mailed'),
    );
    expect(ownerCopy.text).toContain('Company name: Acme <b>&</b> Co');
    expect(ownerCopy.text).toContain('Team size: 6–50');
    expect(ownerCopy.text).toContain('First session with me?: Yes');
    expect(ownerCopy.html).toContain('Acme &lt;b&gt;&amp;&lt;/b&gt; Co');
    expect(ownerCopy.html).not.toContain('<b>&</b>');
    const clientMail = await peer.waitForMail(
      (m) => m.to.includes(client.user.email) && m.subject.includes('intake-mailed'),
    );
    expect(clientMail.text).not.toContain('Company name');
  });
});
