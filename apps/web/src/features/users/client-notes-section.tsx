/**
 * The owner's private notes about a client, on the client's panel: add, edit in place, delete
 * after a confirmation. They are never shown to the client (decision 029).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { toast } from 'sonner';
import {
  CLIENT_NOTE_TEXT_MAX,
  clientNoteInputSchema,
  type ClientNote,
  type ClientNoteInput,
} from '@consult/shared';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { TextAreaField } from '../../components/ui/field';
import { applyFieldErrors } from '../../lib/form-errors';
import { errorMessage } from '../../lib/problem';
import { formatMoment } from '../../lib/date-time';
import {
  useAddClientNoteMutation,
  useDeleteClientNoteMutation,
  useUpdateClientNoteMutation,
} from './users-api';

type NoteFormValues = ClientNoteInput & { text: string };
type MutationError = FetchBaseQueryError | SerializedError;

function NoteForm({
  label,
  initial,
  submitLabel,
  busyLabel,
  onSave,
  onCancel,
}: {
  label: string;
  initial: string;
  submitLabel: string;
  busyLabel: string;
  /** Resolves with the server's error, if any. */
  onSave: (text: string) => Promise<MutationError | null>;
  onCancel?: () => void;
}) {
  const [failure, setFailure] = useState<MutationError | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<NoteFormValues, unknown, { text: string }>({
    resolver: zodResolver(clientNoteInputSchema),
    defaultValues: { text: initial },
  });
  const onSubmit = handleSubmit(async ({ text }) => {
    setFailure(null);
    const error = await onSave(text);
    if (!error) {
      reset({ text: initial });
      return;
    }
    if (!applyFieldErrors(error, setError, ['text'])) setFailure(error);
  });
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3">
      {failure && <Alert tone="error">{errorMessage(failure)}</Alert>}
      <TextAreaField
        label={label}
        rows={4}
        maxLength={CLIENT_NOTE_TEXT_MAX}
        error={errors.text?.message}
        {...register('text')}
      />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? busyLabel : submitLabel}
        </Button>
        {onCancel && (
          <Button type="button" variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}

function NoteItem({
  clientId,
  note,
  onDelete,
  timeZone,
}: {
  clientId: string;
  note: ClientNote;
  onDelete: (note: ClientNote) => void;
  timeZone: string;
}) {
  const [editing, setEditing] = useState(false);
  const [update] = useUpdateClientNoteMutation();
  const edited = note.updatedAt !== note.createdAt;
  if (editing) {
    return (
      <li className="px-4 py-3">
        <NoteForm
          label="Edit the note"
          initial={note.text}
          submitLabel="Save note"
          busyLabel="Saving..."
          onCancel={() => setEditing(false)}
          onSave={async (text) => {
            const result = await update({ clientId, noteId: note.id, text });
            if ('error' in result) return result.error ?? null;
            toast.success('The note is saved.');
            setEditing(false);
            return null;
          }}
        />
      </li>
    );
  }
  return (
    <li className="flex flex-col gap-2 px-4 py-3">
      <p className="wrap-anywhere whitespace-pre-wrap text-ink">{note.text}</p>
      <p className="text-sm text-muted">
        {note.author ? `${note.author.name}, ` : ''}
        <time dateTime={note.createdAt}>{formatMoment(note.createdAt, timeZone)}</time>
        {edited && (
          <>
            {' '}
            (edited <time dateTime={note.updatedAt}>{formatMoment(note.updatedAt, timeZone)}</time>)
          </>
        )}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button variant="ghost" className="!min-h-9 !px-3 !py-1" onClick={() => setEditing(true)}>
          Edit<span className="sr-only"> the note of {formatMoment(note.createdAt, timeZone)}</span>
        </Button>
        <Button variant="ghost" className="!min-h-9 !px-3 !py-1" onClick={() => onDelete(note)}>
          Delete
          <span className="sr-only"> the note of {formatMoment(note.createdAt, timeZone)}</span>
        </Button>
      </div>
    </li>
  );
}

export function ClientNotesSection({
  clientId,
  notes,
  timeZone,
}: {
  clientId: string;
  notes: ClientNote[];
  /** The owner's zone, for when each note was written. */
  timeZone: string;
}) {
  const headingId = useId();
  const [add] = useAddClientNoteMutation();
  const [remove, removal] = useDeleteClientNoteMutation();
  const [deleting, setDeleting] = useState<ClientNote | null>(null);

  const confirmDelete = async () => {
    if (!deleting) return;
    const result = await remove({ clientId, noteId: deleting.id });
    if ('error' in result) return;
    toast.success('The note is deleted.');
    setDeleting(null);
  };

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 border-t border-line pt-5">
      <h3 id={headingId} className="text-lg font-semibold text-ink">
        Private notes
      </h3>
      <p className="text-sm text-muted">
        Visible only to admins. The client never sees these notes, and they are not part of the
        client’s data download.
      </p>
      {notes.length === 0 ? (
        <p className="rounded-xl border border-dashed border-line px-4 py-3 text-muted">
          No notes yet. Write down what you want to remember about this client.
        </p>
      ) : (
        <ul className="divide-y divide-line overflow-hidden rounded-xl border border-line">
          {notes.map((note) => (
            <NoteItem
              key={note.id}
              clientId={clientId}
              note={note}
              timeZone={timeZone}
              onDelete={(chosen) => {
                removal.reset();
                setDeleting(chosen);
              }}
            />
          ))}
        </ul>
      )}
      <NoteForm
        label="New note"
        initial=""
        submitLabel="Add note"
        busyLabel="Adding..."
        onSave={async (text) => {
          const result = await add({ clientId, text });
          if ('error' in result) return result.error ?? null;
          toast.success('The note is added.');
          return null;
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this note?"
        confirmLabel="Delete note"
        busyLabel="Deleting..."
        busy={removal.isLoading}
        tone="danger"
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      >
        <div className="flex flex-col gap-4">
          <p>The note will be removed for good. This cannot be undone.</p>
          {removal.error && <Alert tone="error">{errorMessage(removal.error)}</Alert>}
        </div>
      </ConfirmDialog>
    </section>
  );
}
