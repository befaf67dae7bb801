import { describe, expect, it } from 'vitest';
import { FILE_SIZE_LIMIT, fileProblem, formatBytes, typeLabel } from './fileRules';

describe('CRM file rules (organization-assets: 5 MiB; images and PDF)', () => {
  it('accepts an image or a PDF up to the limit', () => {
    expect(fileProblem({ name: 'form.pdf', size: FILE_SIZE_LIMIT, type: 'application/pdf' })).toBeNull();
    expect(fileProblem({ name: 'photo.png', size: 10, type: 'image/png' })).toBeNull();
  });

  it('explains a refused type and a file over the limit before anything is sent', () => {
    expect(fileProblem({ name: 'notes.txt', size: 5, type: 'text/plain' })).toBe('“notes.txt” cannot be stored: only PNG, JPEG, GIF, WebP and SVG images and PDF documents are accepted (this file is text/plain).');
    expect(fileProblem({ name: 'scan.pdf', size: FILE_SIZE_LIMIT + 1, type: 'application/pdf' })).toBe('“scan.pdf” is 5.0 MB; a file can be at most 5 MB.');
  });

  it('shows sizes and types for the list', () => {
    expect([formatBytes(68), formatBytes(2048), formatBytes(3 * 1024 * 1024), formatBytes(null)]).toEqual(['68 B', '2.0 KB', '3.0 MB', '—']);
    expect([typeLabel('application/pdf'), typeLabel('image/svg+xml'), typeLabel(null)]).toEqual(['PDF', 'SVG', '—']);
  });
});
