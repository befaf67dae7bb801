import type { SupabaseClient } from '@supabase/supabase-js';
import { DataAccessError } from './DataAccessError';

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
 * A record's file (the CRM's Files tab): organisation assets under the same rule, the upload time
 * before the file name ("{org}-{timestamp}_{file}") so two records' "contract.pdf" never replace
 * each other; never overwriting.
 */
export function uploadOrgFile(client: SupabaseClient, orgName: string | null | undefined, file: { name: string; type?: string; body: UploadBody }, now: number = Date.now()): Promise<UploadResult> {
  return upload(client, ORG_ASSETS_BUCKET, orgAssetPath(orgName, `${now}_${file.name}`), file.body, file.type || undefined, false);
}

/** Removes an organisation asset (a file whose record could not be saved, so nothing is half-stored). */
export async function removeOrgAsset(client: SupabaseClient, path: string): Promise<void> {
  const { error } = await client.storage.from(ORG_ASSETS_BUCKET).remove([path]);
  if (error) throw new DataAccessError('request', readableMessage(error.message));
}

/** The bytes of an organisation asset, read through the storage API (for a download with its own name). */
export async function downloadOrgAsset(client: SupabaseClient, path: string): Promise<Blob> {
  const { data, error } = await client.storage.from(ORG_ASSETS_BUCKET).download(path);
  if (error || !data) throw new DataAccessError('request', readableMessage(error?.message) || 'Download failed');
  return data;
}
