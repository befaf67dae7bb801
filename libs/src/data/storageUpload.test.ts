import { describe, expect, it } from 'vitest';
import { createRecordingClient } from '../testing';
import { accommodationFilePath, orgAssetPath, sanitizeFileName, sanitizeOrgName, uploadAccommodationFile, uploadOrgAsset } from './storageUpload';

describe('upload names', () => {
  it('keeps letters, digits, dot, underscore and hyphen in file names', () => {
    expect(sanitizeFileName('My Logo (final)+v2.PNG')).toBe('My-Logo--final--v2.PNG');
    expect(sanitizeFileName('résumé.pdf')).toBe('r-sum-.pdf');
    expect(sanitizeFileName('../etc/passwd')).toBe('-etc-passwd');
    expect(sanitizeFileName('')).toBe('file');
  });

  it('removes spaces from the organisation, hyphenates unsafe characters and falls back to "org"', () => {
    expect(sanitizeOrgName('Cedar Grove Outfitters')).toBe('CedarGroveOutfitters');
    expect(sanitizeOrgName('Smith & Sons/Co.')).toBe('Smith-Sons-Co-');
    expect(sanitizeOrgName('  ')).toBe('org');
    expect(sanitizeOrgName(null)).toBe('org');
  });

  it('names organisation assets "{org}-{file}" and accommodation files "{org}/{timestamp}_{file}"', () => {
    expect(orgAssetPath('Cedar Grove Outfitters', 'logo 1.png')).toBe('CedarGroveOutfitters-logo-1.png');
    expect(accommodationFilePath('Cedar Grove', 'cabin #2.jpg', 1767225600000)).toBe('CedarGrove/1767225600000_cabin--2.jpg');
  });
});

describe('uploads', () => {
  it('upserts organisation assets and returns the public URL', async () => {
    const { client, requests } = createRecordingClient(() => ({ body: { Key: 'organization-assets/Org-a.png', Id: '1' } }));
    const result = await uploadOrgAsset(client, 'Org', { name: 'a.png', type: 'image/png', body: 'bytes' });
    expect(requests[0]?.url.pathname).toBe('/storage/v1/object/organization-assets/Org-a.png');
    expect(requests[0]?.headers.get('x-upsert')).toBe('true');
    expect(result).toEqual({ path: 'Org-a.png', publicUrl: 'http://127.0.0.1:54321/storage/v1/object/public/organization-assets/Org-a.png' });
  });

  it('never overwrites accommodation files and reports the storage message', async () => {
    const { client, requests } = createRecordingClient(() => ({ status: 409, body: { statusCode: '409', error: 'Duplicate', message: 'The resource already exists' } }));
    await expect(uploadAccommodationFile(client, 'Org', { name: 'a.png', body: 'x' }, 5)).rejects.toThrow('The resource already exists');
    expect(requests[0]?.headers.get('x-upsert')).toBe('false');
    expect(requests[0]?.url.pathname).toBe('/storage/v1/object/accommodations/Org/5_a.png');
  });
});
