import { loadSupabase, recordFilePath, recordFileUrl, removeRecordFile, tableRef, uploadRecordFile, type AnyRow, type ListRequest } from '@steward/libs/data';
import type { OwnerColumn } from '../addNew';
import { later } from '../i18n';

const { t } = later;

export const crmFiles = tableRef<AnyRow>('crm', 'crm_files');

/** The Files tab's read: the record's files, newest first (also what the detail page prefetches). */
export const filesRequest = (ownerColumn: OwnerColumn, ownerId: string): ListRequest => ({
  eq: { [ownerColumn]: ownerId },
  excludeArchived: true,
  pageSize: 1000,
  sort: [{ field: 'created_at', order: 'desc' }],
});

/**
 * Stores a record's file in the private record-files bucket under the id its row will have
 * ('{organisation id}/{file id}'); the row is written next, with that id and path.
 */
export async function storeFile(orgName: string | null, file: File): Promise<{ id: string; path: string }> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.from('organizations').select('id').eq('name', orgName ?? '').single();
  if (error || !data) throw new Error(t('files.orgUnreadable'));
  const id = crypto.randomUUID();
  const path = recordFilePath((data as { id: string }).id, id);
  await uploadRecordFile(supabase, path, { type: file.type, body: file });
  return { id, path };
}
export const removeStoredFile = async (path: string) => removeRecordFile(await loadSupabase(), path);
/** A signed URL, good for a minute, that downloads the file under its own name. */
export const downloadUrl = async (path: string, name: string) => recordFileUrl(await loadSupabase(), path, name);
