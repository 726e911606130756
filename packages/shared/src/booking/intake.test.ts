import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  intakeAnswerSnapshot,
  intakeAnswersSchemaFor,
  intakeQuestionsInputSchema,
  serviceInputSchema,
  type IntakeQuestion,
} from './index';
import { INTAKE_MESSAGES as M } from './messages';

/** Each failing path (dot-joined) → its messages. */
function errorsOf(schema: z.ZodType, input: unknown): Record<string, string[]> {
  const result = schema.safeParse(input);
  if (result.success) throw new Error(`expected ${JSON.stringify(input)} to be refused`);
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues)
    (errors[issue.path.join('.')] ??= []).push(issue.message);
  return errors;
}

const QUESTIONS: IntakeQuestion[] = [
  { id: 'company', kind: 'short_text', label: 'Company', required: true, options: [] },
  { id: 'goals', kind: 'long_text', label: 'Goals', required: false, options: [] },
  { id: 'size', kind: 'single_choice', label: 'Size', required: true, options: ['Small', 'Big'] },
  { id: 'first', kind: 'yes_no', label: 'First time?', required: false, options: [] },
];

describe('intake questions', () => {
  it('accepts up to ten questions and drops the options of kinds that have none', () => {
    const parsed = intakeQuestionsInputSchema.parse([
      { kind: 'short_text', label: ' Company ', options: ['left over'] },
      { kind: 'single_choice', label: 'Size', required: true, options: ['Small', 'Big'] },
    ]);
    expect(parsed).toEqual([
      { kind: 'short_text', label: 'Company', required: false, options: [] },
      { kind: 'single_choice', label: 'Size', required: true, options: ['Small', 'Big'] },
    ]);
    expect(
      serviceInputSchema.parse({
        slug: 'a',
        title: 'A',
        durationMinutes: 30,
        priceMinor: 0,
        currency: 'USD',
        meetingMode: 'video',
      }).questions,
    ).toEqual([]);
  });

  it('refuses an empty or long label, a bad kind, too few, too many or repeated options', () => {
    expect(
      errorsOf(intakeQuestionsInputSchema, [
        { kind: 'short_text', label: '  ' },
        { kind: 'short_text', label: 'x'.repeat(201) },
        { kind: 'essay', label: 'Essay' },
        { kind: 'single_choice', label: 'One', options: ['Only'] },
        {
          kind: 'single_choice',
          label: 'Many',
          options: Array.from({ length: 11 }, (_, i) => `${i}`),
        },
        { kind: 'single_choice', label: 'Same', options: ['A', 'A'] },
      ]),
    ).toEqual({
      '0.label': [M.labelRequired],
      '1.label': [M.labelTooLong],
      '2.kind': [M.kindInvalid],
      '3.options': [M.optionsTooFew],
      '4.options': [M.optionsTooMany],
      '5.options.1': [M.optionDuplicate],
    });
  });

  it('refuses more than ten questions and two with the same id', () => {
    const eleven = Array.from({ length: 11 }, (_, i) => ({ kind: 'yes_no', label: `Q${i}` }));
    expect(errorsOf(intakeQuestionsInputSchema, eleven)).toEqual({ '': [M.questionsTooMany] });
    expect(
      errorsOf(intakeQuestionsInputSchema, [
        { id: 'q1', kind: 'yes_no', label: 'A' },
        { id: 'q1', kind: 'yes_no', label: 'B' },
      ]),
    ).toEqual({ '1.id': [M.idDuplicate] });
  });
});

describe('intake answers built from a service’s questions', () => {
  const schema = intakeAnswersSchemaFor(QUESTIONS);

  it('accepts the required answers, optional ones left out or blank, and trims text', () => {
    expect(schema.parse({ company: ' Acme ', size: 'Big', goals: '' })).toEqual({
      company: 'Acme',
      size: 'Big',
      goals: '',
      first: '',
    });
  });

  it('names the question of a missing or blank required answer', () => {
    expect(errorsOf(schema, { company: '  ' })).toEqual({
      company: [M.answerRequired('Company')],
      size: [M.answerRequired('Size')],
    });
  });

  it('refuses a choice not offered and a yes/no that is neither', () => {
    expect(errorsOf(schema, { company: 'Acme', size: 'Huge', first: 'maybe' })).toEqual({
      size: [M.choiceInvalid('Size')],
      first: [M.yesNoInvalid('First time?')],
    });
  });

  it('holds short answers to 200 characters and long ones to 2000', () => {
    expect(
      errorsOf(schema, { company: 'x'.repeat(201), size: 'Big', goals: 'y'.repeat(2001) }),
    ).toEqual({
      company: [M.answerTooLong('Company', 200)],
      goals: [M.answerTooLong('Goals', 2000)],
    });
    expect(
      schema.safeParse({ company: 'x'.repeat(200), size: 'Big', goals: 'y'.repeat(2000) }).success,
    ).toBe(true);
  });

  it('refuses answers to questions the service does not ask', () => {
    expect(errorsOf(schema, { company: 'Acme', size: 'Big', other: 'x' })).toEqual({
      other: [M.questionUnknown],
    });
  });

  it('lets the owner leave required answers out, but still checks the given ones', () => {
    const owner = intakeAnswersSchemaFor(QUESTIONS, { enforceRequired: false });
    expect(owner.safeParse({}).success).toBe(true);
    expect(errorsOf(owner, { size: 'Huge' })).toEqual({ size: [M.choiceInvalid('Size')] });
  });

  it('keeps a snapshot of the answered questions in their order', () => {
    const answers = schema.parse({ size: 'Small', company: 'Acme', first: 'no' });
    expect(intakeAnswerSnapshot(QUESTIONS, answers)).toEqual([
      { questionId: 'company', label: 'Company', kind: 'short_text', answer: 'Acme' },
      { questionId: 'size', label: 'Size', kind: 'single_choice', answer: 'Small' },
      { questionId: 'first', label: 'First time?', kind: 'yes_no', answer: 'no' },
    ]);
  });
});
