/**
 * Intake questions: what the owner asks before a booking of a service (up to ten, in order), and
 * the answers a booking keeps as a snapshot of each question as it was asked.
 */
import { z } from 'zod';
import { isSingleLineText, isVisibleText, TEXT_MESSAGES, withoutNul } from '../text';
import {
  INTAKE_LABEL_MAX,
  INTAKE_LONG_ANSWER_MAX,
  INTAKE_OPTION_MAX,
  INTAKE_OPTIONS_MAX,
  INTAKE_OPTIONS_MIN,
  INTAKE_QUESTIONS_MAX,
  INTAKE_SHORT_ANSWER_MAX,
} from './limits';
import { INTAKE_MESSAGES as M } from './messages';

export const INTAKE_QUESTION_KINDS = [
  'short_text',
  'long_text',
  'single_choice',
  'yes_no',
] as const;
export type IntakeQuestionKind = (typeof INTAKE_QUESTION_KINDS)[number];

export const INTAKE_QUESTION_KIND_LABELS: Record<IntakeQuestionKind, string> = {
  short_text: 'Short text',
  long_text: 'Long text',
  single_choice: 'Single choice',
  yes_no: 'Yes or no',
};

/** A yes/no answer travels and is stored as one of these words. */
export const YES_NO_ANSWERS = ['yes', 'no'] as const;
export const YES_NO_LABELS: Record<(typeof YES_NO_ANSWERS)[number], string> = {
  yes: 'Yes',
  no: 'No',
};

const questionIdSchema = z
  .string({ error: M.idInvalid })
  .regex(/^[A-Za-z0-9_-]{1,40}$/, M.idInvalid);

const optionSchema = z
  .string({ error: M.optionRequired })
  .overwrite(withoutNul)
  .trim()
  .min(1, M.optionRequired)
  .max(INTAKE_OPTION_MAX, M.optionTooLong)
  .refine(isSingleLineText, TEXT_MESSAGES.singleLine);

const questionFields = {
  kind: z.enum(INTAKE_QUESTION_KINDS, { error: M.kindInvalid }),
  label: z
    .string({ error: M.labelRequired })
    .overwrite(withoutNul)
    .trim()
    .min(1, M.labelRequired)
    .max(INTAKE_LABEL_MAX, M.labelTooLong)
    .refine(isSingleLineText, TEXT_MESSAGES.singleLine),
  required: z.boolean({ error: M.requiredInvalid }).default(false),
  /** The choices of a single_choice question, in order; empty for the other kinds. */
  options: z.array(optionSchema, { error: M.optionRequired }).default([]),
};

/**
 * One question as the owner sends it. A new question has no id yet: the server gives it one when
 * the service is saved, and keeps it through later edits.
 */
export const intakeQuestionInputSchema = z
  .object({ id: questionIdSchema.optional(), ...questionFields })
  .superRefine((question, ctx) => {
    if (question.kind !== 'single_choice') return;
    if (question.options.length < INTAKE_OPTIONS_MIN) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: M.optionsTooFew });
    }
    if (question.options.length > INTAKE_OPTIONS_MAX) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: M.optionsTooMany });
    }
    question.options.forEach((option, index) => {
      if (question.options.indexOf(option) !== index) {
        ctx.addIssue({ code: 'custom', path: ['options', index], message: M.optionDuplicate });
      }
    });
  })
  // Options belong to single choice only: switching kind drops them.
  .transform((question) =>
    question.kind === 'single_choice' ? question : { ...question, options: [] },
  );
export type IntakeQuestionInput = z.input<typeof intakeQuestionInputSchema>;

/** A service's questions as the owner sends them: at most ten, ids unique, asked in this order. */
export const intakeQuestionsInputSchema = z
  .array(intakeQuestionInputSchema, { error: M.questionsInvalid })
  .max(INTAKE_QUESTIONS_MAX, M.questionsTooMany)
  .superRefine((questions, ctx) => {
    const seen = new Set<string>();
    questions.forEach((question, index) => {
      if (question.id === undefined) return;
      if (seen.has(question.id)) {
        ctx.addIssue({ code: 'custom', path: [index, 'id'], message: M.idDuplicate });
      }
      seen.add(question.id);
    });
  })
  .default([]);

/** A stored question, as services carry it in every answer. */
export const intakeQuestionSchema = z.object({
  id: z.string(),
  kind: z.enum(INTAKE_QUESTION_KINDS),
  label: z.string(),
  required: z.boolean(),
  options: z.array(z.string()),
});
export type IntakeQuestion = z.infer<typeof intakeQuestionSchema>;

/**
 * What a booking keeps of one answered question: the question as it was asked, and the answer
 * (text, the chosen option, or yes/no). Unanswered optional questions leave no entry.
 */
export const intakeAnswerSchema = z.object({
  questionId: z.string(),
  label: z.string(),
  kind: z.enum(INTAKE_QUESTION_KINDS),
  answer: z.string(),
});
export type IntakeAnswer = z.infer<typeof intakeAnswerSchema>;

/**
 * The `answers` of POST /api/bookings: an object from question id to the answer, always text
 * (a yes/no question takes "yes" or "no"). Its shape only; the rules of the service's questions are
 * applied with `intakeAnswersSchemaFor`.
 */
export const bookingAnswersInputSchema = z
  .record(z.string(), z.string({ error: M.answersInvalid }), { error: M.answersInvalid })
  .default({});
export type BookingAnswersInput = z.input<typeof bookingAnswersInputSchema>;

function answerSchemaFor(question: IntakeQuestion, enforceRequired: boolean): z.ZodType<string> {
  const { label } = question;
  const text = z
    .string({ error: M.answerRequired(label) })
    .overwrite(withoutNul)
    .trim();
  let rule: z.ZodType<string, string>;
  switch (question.kind) {
    case 'short_text':
      rule = text
        .max(INTAKE_SHORT_ANSWER_MAX, M.answerTooLong(label, INTAKE_SHORT_ANSWER_MAX))
        .refine(isVisibleText, M.answerHidden(label));
      break;
    case 'long_text':
      rule = text
        .max(INTAKE_LONG_ANSWER_MAX, M.answerTooLong(label, INTAKE_LONG_ANSWER_MAX))
        .refine(isVisibleText, M.answerHidden(label));
      break;
    case 'single_choice':
      rule = text.refine(
        (answer) => answer === '' || question.options.includes(answer),
        M.choiceInvalid(label),
      );
      break;
    case 'yes_no':
      rule = text.refine(
        (answer) => answer === '' || (YES_NO_ANSWERS as readonly string[]).includes(answer),
        M.yesNoInvalid(label),
      );
      break;
  }
  if (question.required && enforceRequired) {
    return rule.refine((answer) => answer !== '', M.answerRequired(label));
  }
  // Not answering an optional question is sending nothing, or an empty text.
  return z
    .string()
    .optional()
    .transform((answer) => answer ?? '')
    .pipe(rule);
}

/**
 * The answers to a service's questions: each answer checked by its question's kind (lengths, the
 * offered options, yes/no), required ones present, ids of other questions refused. The owner
 * booking for a client passes `enforceRequired: false`. Errors are keyed by question id.
 */
export function intakeAnswersSchemaFor(
  questions: readonly IntakeQuestion[],
  options: { enforceRequired?: boolean } = {},
) {
  const enforceRequired = options.enforceRequired ?? true;
  const shape: Record<string, z.ZodType<string>> = {};
  for (const question of questions) shape[question.id] = answerSchemaFor(question, enforceRequired);
  const known = new Set(questions.map((question) => question.id));
  return z
    .looseObject(shape)
    .superRefine((answers, ctx) => {
      for (const id of Object.keys(answers)) {
        if (!known.has(id))
          ctx.addIssue({ code: 'custom', path: [id], message: M.questionUnknown });
      }
    })
    .transform((answers) => answers as Record<string, string>);
}

/** The snapshot a booking stores: answered questions in the service's order, as asked. */
export function intakeAnswerSnapshot(
  questions: readonly IntakeQuestion[],
  answers: Readonly<Record<string, string>>,
): IntakeAnswer[] {
  return questions.flatMap((question) => {
    const answer = answers[question.id];
    return answer
      ? [{ questionId: question.id, label: question.label, kind: question.kind, answer }]
      : [];
  });
}

/** An answer as people read it: yes/no in words, the rest as given. */
export function formatIntakeAnswer(answer: Pick<IntakeAnswer, 'kind' | 'answer'>): string {
  if (answer.kind === 'yes_no' && (answer.answer === 'yes' || answer.answer === 'no')) {
    return YES_NO_LABELS[answer.answer];
  }
  return answer.answer;
}
