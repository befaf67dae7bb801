import { localized, useT, type LibsMessageId } from '@steward/libs/messages';
import { PlainTag } from './plain';

/** The record statuses, in the order pickers and filters offer them. */
export const RECORD_STATUSES = [
  'Active',
  'Prospect / Pending',
  'Inactive - Former',
  'Inactive - Do Not Contact',
  'Inactive - Deceased',
  'Inactive - Other',
] as const;

/** The words of each record status; the stored value stays the English one the database checks. */
const RECORD_STATUS_WORDS: Record<(typeof RECORD_STATUSES)[number], LibsMessageId> = {
  Active: 'recordStatus.active',
  'Prospect / Pending': 'recordStatus.prospect',
  'Inactive - Former': 'recordStatus.former',
  'Inactive - Do Not Contact': 'recordStatus.doNotContact',
  'Inactive - Deceased': 'recordStatus.deceased',
  'Inactive - Other': 'recordStatus.other',
};

/** The record statuses as a picker's options, each label in the page's language when it is drawn. */
export const RECORD_STATUS_OPTIONS: readonly { value: string; label: string }[] = RECORD_STATUSES.map((value) => localized({ value, label: '' }, { label: RECORD_STATUS_WORDS[value] }));

type Pill = { color: string; background: string; borderColor: string };

// antd's preset tag colours are too light for small text (green is 3.4:1); these keep the hues and
// pass WCAG AA (≥ 4.5:1, from 5.4:1 for green to 7:1 for red).
const PILLS = {
  green: { color: '#237804', background: '#f6ffed', borderColor: '#b7eb8f' },
  gold: { color: '#874d00', background: '#fffbe6', borderColor: '#ffe58f' },
  red: { color: '#a8071a', background: '#fff1f0', borderColor: '#ffa39e' },
  grey: { color: '#595959', background: '#fafafa', borderColor: '#d9d9d9' },
  blue: { color: '#0958d9', background: '#e6f4ff', borderColor: '#91caff' },
} satisfies Record<string, Pill>;

/** The pill colours of a status: the colour says active, pending, do-not-contact or inactive. */
export function pillFor(status: string): Pill {
  const lower = status.toLowerCase();
  if (lower === 'active') return PILLS.green;
  if (lower.startsWith('prospect') || lower.startsWith('pending')) return PILLS.gold;
  if (lower.includes('do not contact')) return PILLS.red;
  if (lower.startsWith('inactive')) return PILLS.grey;
  return PILLS.blue;
}

/** Status as a coloured pill, a record status in the person's language; free-text statuses (reservations, products) as stored, in a neutral colour. */
export function StatusPill({ status }: { status: string | null | undefined }) {
  const t = useT();
  if (!status) return null;
  const words = RECORD_STATUS_WORDS[status as keyof typeof RECORD_STATUS_WORDS];
  return <PlainTag style={pillFor(status)}>{words ? t(words) : status}</PlainTag>;
}
