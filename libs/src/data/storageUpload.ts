import type { SupabaseClient } from '@supabase/supabase-js';
import { DataAccessError } from './DataAccessError';
import { t } from '@steward/libs/messages';

export const ORG_ASSETS_BUCKET = 'organization-assets';
export const ACCOMMODATIONS_BUCKET = 'accommodations';

/** A file name reduced to letters, digits, dot, underscore and hyphen; anything else becomes a hyphen. */
export function sanitizeFileName(name: string): string {
  const cleaned = name.replace(/[^A-Za-z0-9._-]/g, '-');
  return cleaned.replace(/^\.+/, '') || 'file';
}

/**
 * The organisation part of a storage path: spaces removed, anything but letters, digits, underscore
 * and hyphen hyphenated, fallback "org". Must equal the database's app.org_slug(), which the storage
 * policies compare object names against.
 */
export function sanitizeOrgName(orgName: string | null | undefined): string {
  return (orgName ?? '').replace(/\s+/g, '').replace(/[^A-Za-z0-9_-]/g, '-') || 'org';
}

/** organization-assets object name: "{org}-{file}". */
export function orgAssetPath(orgName: string | null | undefined, fileName: string): string {
  return `${sanitizeOrgName(orgName)}-${sanitizeFileName(fileName)}`;
}

/** accommodations object path: "{org}/{timestamp}_{file}". */
export function accommodationFilePath(orgName: string | null | undefined, fileName: string, now: number = Date.now()): string {
  return `${sanitizeOrgName(orgName)}/${now}_${sanitizeFileName(fileName)}`;
}

/**
 * storage-js turns an error body without a message into its JSON text; that is no message for a user,
 * so the caller's fallback ("Upload failed") is shown instead.
 */
function readableMessage(message: string | undefined): string {
  const text = (message ?? '').trim();
  return text.startsWith('{') || text.startsWith('[') ? '' : text;
}

export type UploadBody = Blob | ArrayBuffer | Uint8Array | string;
export type UploadResult = { path: string; publicUrl: string };

async function upload(client: SupabaseClient, bucket: string, path: string, body: UploadBody, contentType: string | undefined, upsert: boolean): Promise<UploadResult> {
  const { error } = await client.storage.from(bucket).upload(path, body, { upsert, ...(contentType ? { contentType } : {}) });
  if (error) throw new DataAccessError('request', readableMessage(error.message));
  const { data } = client.storage.from(bucket).getPublicUrl(path);
  return { path, publicUrl: data.publicUrl };
}

/** Logos and record images: organisation assets, replacing a file of the same name. */
export function uploadOrgAsset(client: SupabaseClient, orgName: string | null | undefined, file: { name: string; type?: string; body: UploadBody }): Promise<UploadResult> {
  return upload(client, ORG_ASSETS_BUCKET, orgAssetPath(orgName, file.name), file.body, file.type || undefined, true);
}

/** Lodging images and files: a new object per upload, never overwriting. */
export function uploadAccommodationFile(client: SupabaseClient, orgName: string | null | undefined, file: { name: string; type?: string; body: UploadBody }, now?: number): Promise<UploadResult> {
  return upload(client, ACCOMMODATIONS_BUCKET, accommodationFilePath(orgName, file.name, now), file.body, file.type || undefined, false);
}

/**
 * A record's files (the CRM's Files tab) live in the private record-files bucket, named
 * '{organisation id}/{file id}' where the file id is the crm_files row's id: the storage policies read
 * that row under its own rule, so whoever may read the row may read the file, and nobody else.
 */
export const RECORD_FILES_BUCKET = 'record-files';
/** How long a record file's signed URL opens it: long enough to start a download, too short to share. */
export const RECORD_FILE_URL_SECONDS = 60;

export const recordFilePath = (organizationId: string, fileId: string): string => `${organizationId}/${fileId}`;

/** Stores a file in a private bucket (a record's file, a message's attachment), never overwriting. */
export async function uploadPrivateFile(client: SupabaseClient, bucket: string, path: string, file: { type?: string; body: UploadBody }): Promise<void> {
  const { error } = await client.storage.from(bucket).upload(path, file.body, { upsert: false, ...(file.type ? { contentType: file.type } : {}) });
  if (error) throw new DataAccessError('request', readableMessage(error.message));
}

/** Removes a file of a private bucket. */
export async function removePrivateFile(client: SupabaseClient, bucket: string, path: string): Promise<void> {
  const { error } = await client.storage.from(bucket).remove([path]);
  if (error) throw new DataAccessError('request', readableMessage(error.message));
}

/** Stores a record's file under its row's id, never overwriting; the row is written next. */
export const uploadRecordFile = (client: SupabaseClient, path: string, file: { type?: string; body: UploadBody }): Promise<void> => uploadPrivateFile(client, RECORD_FILES_BUCKET, path, file);

/** Removes a record's file whose row could not be saved, so nothing is half-stored. */
export const removeRecordFile = (client: SupabaseClient, path: string): Promise<void> => removePrivateFile(client, RECORD_FILES_BUCKET, path);

/**
 * A short-lived signed URL that opens a record's file: with `downloadAs`, the answer downloads it under
 * that name. Nothing is stored: every open asks again, under the reader's own rights.
 */
export const recordFileUrl = (client: SupabaseClient, path: string, downloadAs?: string): Promise<string> => privateFileUrl(client, RECORD_FILES_BUCKET, path, downloadAs);

/** A signed URL, good for a minute, that opens a file of a private bucket (with `downloadAs`, downloads it under that name). */
export async function privateFileUrl(client: SupabaseClient, bucket: string, path: string, downloadAs?: string): Promise<string> {
  const { data, error } = await client.storage.from(bucket).createSignedUrl(path, RECORD_FILE_URL_SECONDS, downloadAs ? { download: downloadAs } : undefined);
  if (error || !data) throw new DataAccessError('request', readableMessage(error?.message) || t('data.fileNotOpened'));
  return data.signedUrl;
}
