import { formatNumber } from '@steward/libs/i18n';
import { later } from '../i18n';

const { t } = later;

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

const ONE_DECIMAL: Intl.NumberFormatOptions = { minimumFractionDigits: 1, maximumFractionDigits: 1 };

export function formatBytes(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes)) return '—';
  if (bytes < 1024) return t('files.bytes', { size: formatNumber(bytes) });
  if (bytes < 1024 * 1024) return t('files.kilobytes', { size: formatNumber(bytes / 1024, ONE_DECIMAL) });
  return t('files.megabytes', { size: formatNumber(bytes / (1024 * 1024), ONE_DECIMAL) });
}

/** Why a file cannot be stored, before anything is sent; null when it can. */
export function fileProblem(file: { name: string; size: number; type: string }): string | null {
  if (!(file.type in FILE_TYPES)) {
    return file.type ? t('files.wrongTypeOf', { name: file.name, type: file.type }) : t('files.wrongType', { name: file.name });
  }
  if (file.size > FILE_SIZE_LIMIT) return t('files.tooLarge', { name: file.name, size: formatBytes(file.size) });
  return null;
}

export const typeLabel = (contentType: unknown): string => (typeof contentType === 'string' ? (FILE_TYPES[contentType] ?? contentType) : '—');
