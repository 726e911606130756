/**
 * The portrait part of the site content editor: choose a photo (uploaded and re-encoded at once, not
 * on the site until the content is saved), describe it, or remove it to show the initials art.
 */
import { useId, useRef, useState, type ChangeEvent } from 'react';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';
import {
  PORTRAIT_ACCEPTED_TYPES,
  PORTRAIT_ALT_MAX,
  PORTRAIT_MAX_BYTES,
  PORTRAIT_MESSAGES,
  PORTRAIT_MIN_SIZE,
  PORTRAIT_TOO_LARGE_PROBLEM_TYPE,
  PORTRAIT_TOO_SMALL_PROBLEM_TYPE,
  PORTRAIT_UNSUPPORTED_PROBLEM_TYPE,
  portraitHeightFor,
  portraitVariantPath,
  type SitePortrait,
} from '@consult/shared';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { errorMessage, readProblem } from '../../../lib/problem';
import { useUploadPortraitMutation } from './portrait-api';

const PREVIEW_WIDTH = 320;

/** What to tell the owner about a failed upload, chosen by the problem's type. */
const MESSAGE_OF_TYPE: Record<string, string> = {
  [PORTRAIT_TOO_LARGE_PROBLEM_TYPE]: PORTRAIT_MESSAGES.tooLarge,
  [PORTRAIT_UNSUPPORTED_PROBLEM_TYPE]: PORTRAIT_MESSAGES.unsupported,
  [PORTRAIT_TOO_SMALL_PROBLEM_TYPE]: PORTRAIT_MESSAGES.tooSmall,
};

function uploadFailure(error: FetchBaseQueryError | SerializedError): string {
  const problem = readProblem(error);
  if (problem?.type === PORTRAIT_UNSUPPORTED_PROBLEM_TYPE && problem.errors?.file?.[0]) {
    // A missing file and a file that is not a photo share the type; the field message tells which.
    return problem.errors.file[0];
  }
  return (problem && MESSAGE_OF_TYPE[problem.type]) ?? errorMessage(error);
}

export function PortraitField({
  value,
  onChange,
  altError,
}: {
  value: SitePortrait | null;
  onChange: (portrait: SitePortrait | null) => void;
  /** The server's message for the description, when saving the content refused it. */
  altError?: string;
}) {
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [upload, { isLoading }] = useUploadPortraitMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const [uploaded, setUploaded] = useState(false);
  const [altTouched, setAltTouched] = useState(false);

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setFailure(null);
    setUploaded(false);
    if (file.size > PORTRAIT_MAX_BYTES) {
      setFailure(PORTRAIT_MESSAGES.tooLarge);
      return;
    }
    const form = new FormData();
    form.append('alt', value?.alt ?? '');
    form.append('file', file);
    const result = await upload(form);
    if ('error' in result && result.error) {
      setFailure(uploadFailure(result.error));
      return;
    }
    onChange({ id: result.data.portrait.id, alt: value?.alt ?? result.data.portrait.alt });
    setUploaded(true);
  }

  function remove() {
    setFailure(null);
    setUploaded(false);
    setAltTouched(false);
    onChange(null);
    fileInput.current?.focus();
  }

  const missingAlt = value !== null && value.alt.trim() === '';
  const altMessage = altError ?? (missingAlt && altTouched ? PORTRAIT_MESSAGES.altRequired : '');

  return (
    <fieldset className="flex flex-col gap-4" aria-busy={isLoading}>
      <legend className="text-base font-semibold text-ink">Portrait photo</legend>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <div className="w-32 shrink-0">
          {value ? (
            <img
              src={portraitVariantPath(value.id, PREVIEW_WIDTH)}
              width={PREVIEW_WIDTH}
              height={portraitHeightFor(PREVIEW_WIDTH)}
              alt={value.alt.trim() || 'The chosen photo, not yet described'}
              className="h-auto w-full rounded-xl bg-brand-soft object-cover shadow"
            />
          ) : (
            <div
              className="flex aspect-[16/19] w-full items-center justify-center rounded-xl border border-dashed border-line bg-brand-soft p-2 text-center text-sm text-muted"
              data-testid="portrait-empty"
            >
              No photo: the page shows your initials
            </div>
          )}
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-3">
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${id}-file`} className="text-sm font-semibold text-ink">
              {value ? 'Replace the photo' : 'Choose a photo'}
            </label>
            <input
              ref={fileInput}
              id={`${id}-file`}
              type="file"
              accept={PORTRAIT_ACCEPTED_TYPES.join(',')}
              onChange={(event) => void choose(event)}
              disabled={isLoading}
              aria-describedby={`${id}-file-hint${failure ? ` ${id}-file-error` : ''}`}
              aria-invalid={failure ? true : undefined}
              className="block w-full max-w-full text-sm text-muted file:mr-3 file:min-h-11 file:cursor-pointer file:rounded-lg file:border file:border-line file:bg-surface file:px-4 file:py-2 file:text-base file:font-semibold file:text-ink hover:file:bg-brand-soft focus-visible:outline-3 focus-visible:outline-accent disabled:cursor-not-allowed"
            />
            <p id={`${id}-file-hint`} className="text-sm text-muted">
              JPEG, PNG or WebP, up to {PORTRAIT_MAX_BYTES / 1024 / 1024} MB, at least{' '}
              {PORTRAIT_MIN_SIZE.width} × {PORTRAIT_MIN_SIZE.height} pixels. It shows on the site
              once you save.
            </p>
            {isLoading && (
              <div role="status" className="flex items-center gap-3 text-sm text-ink">
                <progress className="h-2 w-32 accent-brand" aria-label="Uploading the photo" />
                Uploading and preparing the photo…
              </div>
            )}
            {uploaded && !isLoading && (
              <p role="status" className="text-sm font-medium text-success">
                Photo ready.{missingAlt ? ' Describe it below, then save.' : ' Save to publish it.'}
              </p>
            )}
            {failure && (
              <p id={`${id}-file-error`} role="alert" className="text-sm font-medium text-danger">
                {failure}
              </p>
            )}
          </div>
          {value && (
            <>
              <TextField
                label="Description of the photo (alt text)"
                hint="What a visitor who cannot see it should know, e.g. “Smiling at her desk by a window”."
                value={value.alt}
                maxLength={PORTRAIT_ALT_MAX}
                required
                error={altMessage || undefined}
                onBlur={() => setAltTouched(true)}
                onChange={(event) => onChange({ ...value, alt: event.target.value })}
              />
              <div>
                <Button variant="secondary" onClick={remove} disabled={isLoading}>
                  Remove the photo
                </Button>
              </div>
            </>
          )}
        </div>
      </div>
    </fieldset>
  );
}
