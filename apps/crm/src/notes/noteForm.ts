import { z } from 'zod';
import { later } from '../i18n';

const { t } = later;

/** The Add Note form: a title and a body are required (crm.notes enforces both with check constraints). */
export const noteFormSchema = z.object({
  name: z.string().trim().min(1, { error: () => t('notes.titleRequired') }),
  description: z.string().trim().min(1, { error: () => t('notes.noteRequired') }),
  label: z
    .string()
    .trim()
    .transform((value) => (value === '' ? null : value)),
});

export type NoteForm = z.input<typeof noteFormSchema>;
export const EMPTY_NOTE: NoteForm = { name: '', description: '', label: '' };
