import { downloadOrgAsset, getSupabase, removeOrgAsset, tableRef, uploadOrgFile, type AnyRow, type ListRequest } from '@steward/libs/data-access';
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
export const storeFile = (orgName: string | null, file: File) => uploadOrgFile(getSupabase(), orgName, { name: file.name, type: file.type, body: file });
export const removeStoredFile = (path: string) => removeOrgAsset(getSupabase(), path);
export const downloadFile = (path: string) => downloadOrgAsset(getSupabase(), path);
