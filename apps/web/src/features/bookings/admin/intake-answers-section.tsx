/** The client's answers to the service's intake questions, as they were asked when booking. */
import { formatIntakeAnswer, type IntakeAnswer } from '@consult/shared';

export function IntakeAnswersSection({ answers }: { answers: readonly IntakeAnswer[] }) {
  return (
    <section
      aria-labelledby="intake-answers-title"
      className="flex flex-col gap-3 border-t border-line pt-5"
    >
      <h3 id="intake-answers-title" className="text-lg font-semibold text-ink">
        Intake answers
      </h3>
      <dl className="flex flex-col gap-3">
        {answers.map((answer) => (
          <div key={answer.questionId}>
            <dt className="text-sm font-semibold text-muted">{answer.label}</dt>
            <dd className="text-base wrap-anywhere whitespace-pre-wrap text-ink">
              {formatIntakeAnswer(answer)}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
