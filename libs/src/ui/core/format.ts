import { formatDate as formatDay, formatMoney, formatNumber } from '@steward/libs/i18n';
import { t } from '@steward/libs/messages';

/**
 * An amount in the organisation's currency, as the person's language writes it (libs/i18n formatMoney):
 * "$1,234.50" in English for a US organisation; empty or unreadable amounts read as zero.
 */
export function formatDollars(amount: number | string | null | undefined): string {
  return formatMoney(amount);
}

export type AddressParts = {
  address_line_1?: string | null;
  address_line_2?: string | null;
  address_line_3?: string | null;
  city?: string | null;
  state?: string | null;
  zip?: string | null;
  country?: string | null;
};

/** One line: "12 Oak St, Suite 4, Asheville, NC 28801, USA"; missing parts leave no stray commas. */
export function formatAddress(address: AddressParts | null | undefined): string {
  if (!address) return '';
  const clean = (part: string | null | undefined) => (part ?? '').trim();
  const stateZip = [clean(address.state), clean(address.zip)].filter(Boolean).join(' ');
  return [clean(address.address_line_1), clean(address.address_line_2), clean(address.address_line_3), clean(address.city), stateZip, clean(address.country)]
    .filter(Boolean)
    .join(', ');
}

/** Blank values in tables show as a dash. */
export function displayValue(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value.trim() === '' ? '—' : value;
  if (typeof value === 'boolean') return value ? t('common.yes') : t('common.no');
  if (Array.isArray(value)) return value.length ? value.map((item) => displayValue(item)).join(', ') : '—';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * Today as the person's own calendar names it (YYYY-MM-DD). A form's default date and the front desk's
 * "today" use it: the UTC date (`toISOString`) is already tomorrow in an American evening.
 */
export function todayLocal(now: Date = new Date()): string {
  const pad = (part: number) => String(part).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * A date or timestamp as the person's language shows dates ("Nov 29, 2026"; a bare date is a calendar
 * day, not midnight UTC); unreadable input is returned as it came.
 */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  return formatDay(value);
}

/** A row count as a list shows it: "1234 rows", or for an estimate "about 1.2 million rows". */
export function formatRowCount(count: number, estimate = false): string {
  if (!estimate) return t('rows.count', { count, n: String(count) });
  if (count >= 1_000_000) return t('rows.aboutMillions', { n: formatNumber(Number((count / 1_000_000).toFixed(1))) });
  if (count >= 10_000) return t('rows.aboutThousands', { n: formatNumber(Math.round(count / 1_000)) });
  return t('rows.about', { n: formatNumber(Math.round(count / 100) * 100) });
}
