import { useState, type ReactNode } from 'react';
import { Link } from '@steward/libs/router';
import { Alert, Flex, Typography } from '@steward/libs/ui/antd';
import { Tabs } from '@steward/libs/ui/antd-data';
import { useT } from '@steward/libs/messages';

export type DetailTabKey = 'contact-methods' | 'notes' | 'financial' | 'history' | (string & {});

/** A tab an area adds after Notes (Relationships, Files): key, label and panel. */
export type DetailExtraTab = { key: string; label: string; children: ReactNode };

export type DetailLayoutProps = {
  backTo: string;
  backLabel?: string;
  loading?: boolean;
  /** "Business not found.", "Contact not found.", "Household not found." when the record is absent. */
  notFound?: string | null;
  error?: string | null;
  header: ReactNode;
  /** The Edit toggle and similar; omitted for shared default rows. */
  actions?: ReactNode;
  /** Shown between the header and the tabs (the inline editor). */
  editor?: ReactNode;
  contactMethods: ReactNode;
  notes: ReactNode;
  financial?: ReactNode;
  /** Tabs shown after Notes and before Financial. */
  extraTabs?: readonly DetailExtraTab[];
  /** Who changed what on the record (RecordHistory); the tab shows only when given. */
  history?: ReactNode;
  /** Accessible name of the tab bar ("Household sections"). */
  tabsLabel?: string;
};

/**
 * The record detail page of businesses, contacts and households: "Go back", a header, and
 * tabs Contact Methods (the default), Notes, Financial and History.
 */
export function DetailLayout({ backTo, backLabel, loading, notFound, error, header, actions, editor, contactMethods, notes, financial, extraTabs = [], history, tabsLabel }: DetailLayoutProps) {
  const t = useT();
  const [tab, setTab] = useState<DetailTabKey>('contact-methods');
  const back = <Link to={backTo}>{backLabel ?? t('detail.goBack')}</Link>;
  if (loading) return <Flex vertical gap={12}>{back}<Typography.Text>{t('list.loading')}</Typography.Text></Flex>;
  if (error) return <Flex vertical gap={12}>{back}<Alert type="error" showIcon title={error} /></Flex>;
  if (notFound) return <Flex vertical gap={12}>{back}<Typography.Text>{notFound}</Typography.Text></Flex>;
  return (
    <Flex vertical gap={12}>
      {back}
      <Flex justify="space-between" align="start" gap={12} wrap>
        <div style={{ flex: 1, minWidth: 240 }}>{header}</div>
        {actions ? <Flex gap={8} wrap>{actions}</Flex> : null}
      </Flex>
      {editor}
      <Tabs
        aria-label={tabsLabel ?? t('detail.sections')}
        activeKey={tab}
        onChange={(key) => setTab(key as DetailTabKey)}
        items={[
          { key: 'contact-methods', label: t('detail.contactMethods'), children: contactMethods },
          { key: 'notes', label: t('detail.notes'), children: notes },
          ...extraTabs.map((extra) => ({ key: extra.key, label: extra.label, children: extra.children })),
          { key: 'financial', label: t('detail.financial'), children: financial ?? <Typography.Text type="secondary">{t('detail.financialSoon')}</Typography.Text> },
          ...(history ? [{ key: 'history', label: t('detail.history'), children: history }] : []),
        ]}
      />
    </Flex>
  );
}
