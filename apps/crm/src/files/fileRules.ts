/** What the record-files bucket accepts (supabase/config.toml and the bucket's row say the same). */
export const FILE_SIZE_LIMIT = 5 * 1024 * 1024;
export const FILE_TYPES: Readonly<Record<string, string>> = {
  'image/png': 'PNG',
  'image/jpeg': 'JPEG',
  'image/gif': 'GIF',
  'image/webp': 'WebP',
  'image/svg+xml': 'SVG',
  'application/pdf': 'PDF',
};

export function formatBytes(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes)) return '—';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Why a file cannot be stored, before anything is sent; null when it can. */
export function fileProblem(file: { name: string; size: number; type: string }): string | null {
  if (!(file.type in FILE_TYPES)) {
    return `“${file.name}” cannot be stored: only PNG, JPEG, GIF, WebP and SVG images and PDF documents are accepted${file.type ? ` (this file is ${file.type})` : ''}.`;
  }
  if (file.size > FILE_SIZE_LIMIT) return `“${file.name}” is ${formatBytes(file.size)}; a file can be at most 5 MB.`;
  return null;
}

export const typeLabel = (contentType: unknown): string => (typeof contentType === 'string' ? (FILE_TYPES[contentType] ?? contentType) : '—');
