import { downloadOrgAsset, getSupabase, removeOrgAsset, uploadOrgFile } from '@steward/libs/data-access';

/** Stores a record's file in organization-assets ("{org}-{timestamp}_{file}"), never overwriting. */
export const storeFile = (orgName: string | null, file: File) => uploadOrgFile(getSupabase(), orgName, { name: file.name, type: file.type, body: file });
export const removeStoredFile = (path: string) => removeOrgAsset(getSupabase(), path);
export const downloadFile = (path: string) => downloadOrgAsset(getSupabase(), path);
