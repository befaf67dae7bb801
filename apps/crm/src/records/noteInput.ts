import { z } from 'zod/mini';

const required = (message: string) => z.string().check(z.trim(), z.minLength(1, message));

/** A new note as the Notes tab takes it: a title and a body are required (crm.notes enforces both). */
export const noteInputSchema = z.object({
  name: required('Title is required'),
  description: required('Note is required'),
  label: z.string().check(z.trim()),
});

export type NoteInput = z.input<typeof noteInputSchema>;
export type NoteFieldErrors = Partial<Record<keyof NoteInput, string>>;
export type NewNote = { name: string; description: string; label: string | null };

/** The note to insert (an empty label stored as null), or the message of each field that is not right. */
export function parseNoteInput(input: NoteInput): { ok: true; note: NewNote } | { ok: false; errors: NoteFieldErrors } {
  const parsed = noteInputSchema.safeParse(input);
  if (parsed.success) return { ok: true, note: { ...parsed.data, label: parsed.data.label === '' ? null : parsed.data.label } };
  const errors: NoteFieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof NoteInput;
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}
