import type { ReactNode } from 'react';
import { Typography } from '@steward/libs/antd';
import { orderContactMethods, type ContactMethodLike } from './contactMethodOrder';
import { PrimaryBadge } from './PrimaryBadge';

export type ContactMethodItem = ContactMethodLike & {
  id: string;
  value: string | null;
  label?: string | null;
  /** 'phone', 'email' or anything else; decides the link. */
  kind?: 'phone' | 'email' | 'other';
};

const INLINE_LINK = { textDecoration: 'underline' } as const;

function linkFor(item: ContactMethodItem): ReactNode {
  const value = item.value ?? '';
  // Underlined: the link sits in a line of text and must not be told apart by colour alone.
  if (item.kind === 'phone') return <a href={`tel:${value.replace(/[^\d+]/g, '')}`} style={INLINE_LINK}>{value}</a>;
  if (item.kind === 'email') return <a href={`mailto:${value}`} style={INLINE_LINK}>{value}</a>;
  return value;
}

/** A titled list of one kind of contact method, ordered and filtered by the spec's rules. */
export function ContactMethodList({ title, methods, emptyText = 'None' }: { title: string; methods: readonly ContactMethodItem[]; emptyText?: string }) {
  const ordered = orderContactMethods(methods);
  return (
    <section aria-label={title} style={{ marginBottom: 16 }}>
      <Typography.Title level={5}>{title}</Typography.Title>
      {ordered.length === 0 ? (
        <Typography.Text type="secondary">{emptyText}</Typography.Text>
      ) : (
        <ul style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {ordered.map((item) => (
            <li key={item.id} style={{ padding: '4px 0' }}>
              {item.label ? <Typography.Text type="secondary">{item.label}: </Typography.Text> : null}
              {linkFor(item)}
              {item.is_primary ? <PrimaryBadge /> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
