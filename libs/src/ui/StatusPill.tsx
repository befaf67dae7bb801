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

/** Status as a coloured pill; free-text statuses (reservations, products) get a neutral colour. */
export function StatusPill({ status }: { status: string | null | undefined }) {
  if (!status) return null;
  return <PlainTag style={pillFor(status)}>{status}</PlainTag>;
}
