import {
  useCallback,
  useId,
  useSyncExternalStore,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type TextareaHTMLAttributes,
} from 'react';

export const inputClasses =
  'block w-full rounded-lg border border-line bg-surface px-3.5 py-2.5 text-base text-ink placeholder:text-muted/80 focus:border-brand focus:outline-none focus-visible:outline-3 focus-visible:outline-accent aria-invalid:border-danger';

/** The counter shows from this share of the limit on, so a short answer is not watched. */
const COUNTER_FROM_SHARE = 0.8;
// Made when a counter first shows: a number format built at module level cost the start-up of
// every page with a form one of its longest pieces of work (decision 052).
let countFormat: Intl.NumberFormat | undefined;
const formatCount = (value: number) => (countFormat ??= new Intl.NumberFormat('en')).format(value);

/** A code of a few letters (initials, a currency) needs no counter: its rule's message says it. */
const COUNTER_FROM_LIMIT = 20;

/** True when a text of `length` has its counter shown (it is near or over `max`). */
export function showsLengthCounter(length: number, max: number): boolean {
  return max >= COUNTER_FROM_LIMIT && length >= max * COUNTER_FROM_SHARE;
}

/**
 * "812 / 1,000" under a field with a limit, from 80 % of it on; over the limit it turns to an error
 * ("1,012 / 1,000: 12 characters too many"). The field is never cut (no maxlength attribute):
 * the form's rule, the same as the server's, refuses the text on submit (decision 039).
 */
export function LengthCounter({ id, length, max }: { id: string; length: number; max: number }) {
  if (!showsLengthCounter(length, max)) return null;
  const over = length - max;
  return (
    <p
      id={id}
      className={`text-sm tabular-nums ${over > 0 ? 'font-medium text-danger' : 'text-muted'}`}
    >
      {formatCount(length)} / {formatCount(max)}
      {over > 0 && `: ${formatCount(over)} ${over === 1 ? 'character' : 'characters'} too many`}
    </p>
  );
}

/**
 * A labelled form control with its hint, error and (given `maxLength` and the text's `length`) its
 * length counter, wired for screen readers. `children` receives the ids so any control (input,
 * select, textarea) can be used; it must not pass `maxLength` on, which would cut the text.
 */
export function Field({
  label,
  hint,
  error,
  length,
  maxLength,
  id: givenId,
  children,
}: {
  label: string;
  hint?: ReactNode;
  error?: string;
  /** The control's id, when its owner needs it; one is made otherwise. */
  id?: string;
  length?: number;
  maxLength?: number;
  children: (ids: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactNode;
}) {
  const madeId = useId();
  const id = givenId ?? madeId;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const counted = maxLength !== undefined && length !== undefined;
  const showsCounter = counted && showsLengthCounter(length, maxLength);
  const counterId = showsCounter ? `${id}-count` : undefined;
  const tooLong = counted && length > maxLength;
  const describedBy = [hintId, counterId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold text-ink">
        {label}
      </label>
      {children({ id, describedBy, invalid: Boolean(error) || tooLong })}
      {hint && (
        <p id={hintId} className="text-sm text-muted">
          {hint}
        </p>
      )}
      {counted && <LengthCounter id={`${id}-count`} length={length} max={maxLength} />}
      {error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The length of an input's text, for its counter: from `value` when controlled, else read from the
 * element (by its id) at each render and at each input, since a form library may hold the value
 * outside React (and set it on a reset, which re-renders the form).
 */
function useTextLength(id: string, value: unknown): number {
  const subscribe = useCallback(
    (notify: () => void) => {
      const onInput = (event: Event) => {
        if (event.target instanceof Element && event.target.id === id) notify();
      };
      document.addEventListener('input', onInput);
      return () => document.removeEventListener('input', onInput);
    },
    [id],
  );
  const read = useSyncExternalStore(
    subscribe,
    () => (document.getElementById(id) as HTMLInputElement | null)?.value.length ?? 0,
    () => 0,
  );
  return typeof value === 'string' || typeof value === 'number' ? String(value).length : read;
}

/** The common case: a labelled text input; `maxLength` shows a counter and never cuts the text. */
export function TextField({
  label,
  hint,
  error,
  maxLength,
  ...inputProps
}: InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  hint?: ReactNode;
  error?: string;
  ref?: Ref<HTMLInputElement>;
}) {
  const madeId = useId();
  const id = inputProps.id ?? madeId;
  const length = useTextLength(id, inputProps.value);
  return (
    <Field id={id} label={label} hint={hint} error={error} length={length} maxLength={maxLength}>
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          className={inputClasses}
          {...inputProps}
        />
      )}
    </Field>
  );
}

/** A labelled multi-line text box, wired like TextField. */
export function TextAreaField({
  label,
  hint,
  error,
  maxLength,
  ...props
}: TextareaHTMLAttributes<HTMLTextAreaElement> & {
  label: string;
  hint?: ReactNode;
  error?: string;
  ref?: Ref<HTMLTextAreaElement>;
}) {
  const madeId = useId();
  const id = props.id ?? madeId;
  const length = useTextLength(id, props.value);
  return (
    <Field id={id} label={label} hint={hint} error={error} length={length} maxLength={maxLength}>
      {({ id, describedBy, invalid }) => (
        <textarea
          id={id}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          className={inputClasses}
          {...props}
        />
      )}
    </Field>
  );
}

/** A labelled checkbox with its hint and error, the label beside the box. */
export function CheckboxField({
  label,
  hint,
  error,
  ...inputProps
}: InputHTMLAttributes<HTMLInputElement> & { label: string; hint?: ReactNode; error?: string }) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
          aria-invalid={Boolean(error) || undefined}
          className="mt-0.5 size-5 shrink-0 cursor-pointer accent-brand"
          {...inputProps}
        />
        <div className="flex min-w-0 flex-col gap-1">
          <label htmlFor={id} className="cursor-pointer text-base font-semibold text-ink">
            {label}
          </label>
          {hint && (
            <p id={hintId} className="text-sm text-muted">
              {hint}
            </p>
          )}
        </div>
      </div>
      {error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
