/**
 * An editable list of short texts (highlights, paragraphs): each item a labelled input with buttons
 * to move it up or down and to remove it, and a button to add one. Buttons, not dragging, so the
 * keyboard and screen readers can do everything.
 */
import { useController, useFormContext, useFormState } from 'react-hook-form';
import type { SiteEditInput } from '@consult/shared';
import { Button } from '../../../components/ui/button';
import { inputClasses, LengthCounter, showsLengthCounter } from '../../../components/ui/field';
import { errorAt } from './field-error';
import { ItemActions } from './item-actions';

type ListName = 'hero.highlights' | 'about.paragraphs' | 'about.credentials';

export function StringListField({
  name,
  legend,
  itemLabel,
  max,
  itemMaxLength,
  multiline = false,
  hint,
}: {
  name: ListName;
  legend: string;
  /** The name of one item, numbered in its label ("Highlight 2"). */
  itemLabel: string;
  max: number;
  /** The longest an item may be: its counter shows near it (the text is never cut). */
  itemMaxLength: number;
  multiline?: boolean;
  hint?: string;
}) {
  const { control } = useFormContext<SiteEditInput>();
  const { errors } = useFormState({ control, name });
  const {
    field: { value, onChange },
  } = useController({ control, name });
  const items = value ?? [];
  const listError = errorAt(errors, name);
  const move = (from: number, to: number) => {
    const next = [...items];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item!);
    onChange(next);
  };
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="text-sm font-semibold text-ink">{legend}</legend>
      {hint && <p className="-mt-1 text-sm text-muted">{hint}</p>}
      {items.length === 0 && <p className="text-sm text-muted">None yet.</p>}
      <ol className="flex flex-col gap-3">
        {items.map((item, index) => {
          const id = `${name}-${index}`;
          const error = errorAt(errors, `${name}.${index}`);
          const label = `${itemLabel} ${index + 1}`;
          const tooLong = item.length > itemMaxLength;
          const counted = showsLengthCounter(item.length, itemMaxLength);
          const describedBy =
            [counted && `${id}-count`, error && `${id}-error`].filter(Boolean).join(' ') ||
            undefined;
          const controlProps = {
            id,
            value: item,
            'aria-invalid': error || tooLong ? true : undefined,
            'aria-describedby': describedBy,
            className: inputClasses,
            onChange: (event: { target: { value: string } }) =>
              onChange(items.map((old, i) => (i === index ? event.target.value : old))),
          };
          return (
            <li key={index} className="flex flex-col gap-1.5">
              <label htmlFor={id} className="text-sm text-ink">
                {label}
              </label>
              {multiline ? <textarea rows={4} {...controlProps} /> : <input {...controlProps} />}
              <LengthCounter id={`${id}-count`} length={item.length} max={itemMaxLength} />
              {error && (
                <p id={`${id}-error`} role="alert" className="text-sm font-medium text-danger">
                  {error}
                </p>
              )}
              <ItemActions
                index={index}
                count={items.length}
                name={label.toLowerCase()}
                onMove={move}
                onRemove={(at) => onChange(items.filter((_, i) => i !== at))}
              />
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
          disabled={items.length >= max}
          onClick={() => onChange([...items, ''])}
        >
          Add {itemLabel.toLowerCase()}
        </Button>
        {items.length >= max && <span className="ml-3 text-sm text-muted">At most {max}.</span>}
      </div>
    </fieldset>
  );
}
