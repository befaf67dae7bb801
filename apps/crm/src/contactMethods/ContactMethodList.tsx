import type { ReactNode } from 'react';
import { Typography } from '@steward/libs/ui/antd';
import { PrimaryBadge, orderContactMethods, type ContactMethodLike } from '@steward/libs/ui';
import { methodHref, type ContactMethodKind } from './methodHref';
import { later } from '../i18n';

const { useT } = later;

export type ContactMethodItem = ContactMethodLike & {
  id: string;
  value: string | null;
  label?: string | null;
  /** What the database says the method is (contact_methods_view.kind); decides the link. */
  kind: ContactMethodKind;
};

function linkFor(item: ContactMethodItem): ReactNode {
  const value = item.value ?? '';
  const href = methodHref(item.kind, value);
  // Underlined: next to the label text, colour alone would not mark the link (WCAG 1.4.1).
  return href ? (
    <a href={href} style={{ textDecoration: 'underline' }}>
      {value}
    </a>
  ) : (
    value
  );
}

/** A titled list of one kind of contact method: archived hidden, primary first, then newest. */
export function ContactMethodList({
  title,
  methods,
  emptyText,
  actions,
  headerAction,
}: {
  title: string;
  methods: readonly ContactMethodItem[];
  emptyText?: string;
  /** Buttons after each method (Edit, Make primary, Archive). */
  actions?: (item: ContactMethodItem) => ReactNode;
  /** Beside the title (Add Phone). */
  headerAction?: ReactNode;
}) {
  const t = useT();
  const ordered = orderContactMethods(methods);
  return (
    <section aria-label={title} style={{ marginBottom: 16 }}>
      <div style={{ display: 'flex', gap: 12, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography.Title level={3} style={{ fontSize: 16, margin: 0 }}>
          {title}
        </Typography.Title>
        {headerAction}
      </div>
      {ordered.length === 0 ? (
        <Typography.Text type="secondary">{emptyText ?? t('common.none')}</Typography.Text>
      ) : (
        <ul style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {ordered.map((item) => (
            <li key={item.id} style={{ padding: '4px 0' }}>
              {item.label ? <Typography.Text type="secondary">{t('methods.addressLabel', { label: item.label })}</Typography.Text> : null}
              {linkFor(item)}
              {item.is_primary ? <PrimaryBadge /> : null}
              {actions ? <span style={{ marginLeft: 8, display: 'inline-flex', gap: 4, flexWrap: 'wrap' }}>{actions(item)}</span> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
