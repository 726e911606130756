/** The FAQ entries: add, remove and reorder with buttons (keyboard and screen-reader friendly). */
import { useFieldArray, useFormContext } from 'react-hook-form';
import { SITE_LIMITS, type SiteEditInput } from '@consult/shared';
import { Button } from '../../../components/ui/button';
import { TextAreaField, TextField } from '../../../components/ui/field';
import { errorAt } from './field-error';
import { ItemActions } from './item-actions';

export function FaqEditor() {
  const {
    control,
    register,
    formState: { errors },
  } = useFormContext<SiteEditInput>();
  const { fields, append, remove, move } = useFieldArray({ control, name: 'faq' });
  const listError = errorAt(errors, 'faq');
  return (
    <div className="flex flex-col gap-4">
      <ol className="flex flex-col gap-4">
        {fields.map((field, index) => {
          const n = index + 1;
          return (
            <li key={field.id} className="rounded-xl border border-line bg-paper p-4">
              <fieldset className="flex flex-col gap-3">
                <legend className="text-sm font-semibold text-ink">Question {n}</legend>
                <TextField
                  label="Question"
                  maxLength={SITE_LIMITS.faqQuestionMax}
                  error={errorAt(errors, `faq.${index}.question`)}
                  {...register(`faq.${index}.question`)}
                />
                <TextAreaField
                  label="Answer"
                  rows={3}
                  maxLength={SITE_LIMITS.faqAnswerMax}
                  error={errorAt(errors, `faq.${index}.answer`)}
                  {...register(`faq.${index}.answer`)}
                />
                <ItemActions
                  index={index}
                  count={fields.length}
                  name={`question ${n}`}
                  onMove={move}
                  onRemove={remove}
                />
              </fieldset>
            </li>
          );
        })}
      </ol>
      {listError && (
        <p role="alert" className="text-sm font-medium text-danger">
          {listError}
        </p>
      )}
      <div>
        <Button
          variant="secondary"
          disabled={fields.length >= SITE_LIMITS.faqEntriesMax}
          onClick={() => append({ question: '', answer: '' })}
        >
          Add a question
        </Button>
      </div>
    </div>
  );
}
