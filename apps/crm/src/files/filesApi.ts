import { downloadOrgAsset, loadSupabase, removeOrgAsset, tableRef, uploadOrgFile, type AnyRow, type ListRequest } from '@steward/libs/data-access';
import type { OwnerColumn } from '../addNew';

export const crmFiles = tableRef<AnyRow>('crm', 'crm_files');

/** The Files tab's read: the record's files, newest first (also what the detail page prefetches). */
export const filesRequest = (ownerColumn: OwnerColumn, ownerId: string): ListRequest => ({
  eq: { [ownerColumn]: ownerId },
  excludeArchived: true,
  pageSize: 1000,
  sort: [{ field: 'created_at', order: 'desc' }],
});

/** Stores a record's file in organization-assets ("{org}-{timestamp}_{file}"), never overwriting. */
export const storeFile = async (orgName: string | null, file: File) => uploadOrgFile(await loadSupabase(), orgName, { name: file.name, type: file.type, body: file });
export const removeStoredFile = async (path: string) => removeOrgAsset(await loadSupabase(), path);
export const downloadFile = async (path: string) => downloadOrgAsset(await loadSupabase(), path);
