import { Tag } from '@steward/libs/antd';

/** The record statuses of 000 §3, in the spec's order. */
export const RECORD_STATUSES = [
  'Active',
  'Prospect / Pending',
  'Inactive - Former',
  'Inactive - Do Not Contact',
  'Inactive - Deceased',
  'Inactive - Other',
] as const;

function colorFor(status: string): string {
  const lower = status.toLowerCase();
  if (lower === 'active') return 'green';
  if (lower.startsWith('prospect') || lower.startsWith('pending')) return 'gold';
  if (lower.includes('do not contact')) return 'red';
  if (lower.startsWith('inactive')) return 'default';
  return 'blue';
}

/** antd's preset tag text (e.g. green-7 on green-1) falls below 4.5:1; these darker shades pass WCAG AA. */
const READABLE_TEXT: Record<string, string> = { green: '#135200', gold: '#613400', red: '#a8071a' };

/** Status as a coloured pill; free-text statuses (reservations, products) get a neutral colour. */
export function StatusPill({ status }: { status: string | null | undefined }) {
  if (!status) return null;
  const color = colorFor(status);
  const text = READABLE_TEXT[color];
  return (
    <Tag color={color} style={text ? { color: text } : undefined}>
      {status}
    </Tag>
  );
}
