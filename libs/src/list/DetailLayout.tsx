import { useState, type ReactNode } from 'react';
import { Link } from '@steward/libs/router';
import { Alert, Flex, Typography } from '@steward/libs/ui/antd';
import { Tabs } from '@steward/libs/ui/antd-data';
import { FINANCIAL_COMING_SOON, LOADING_TEXT } from './listMessages';

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
export function DetailLayout({ backTo, backLabel = 'Go back', loading, notFound, error, header, actions, editor, contactMethods, notes, financial, extraTabs = [], history, tabsLabel = 'Record sections' }: DetailLayoutProps) {
  const [tab, setTab] = useState<DetailTabKey>('contact-methods');
  const back = <Link to={backTo}>{backLabel}</Link>;
  if (loading) return <Flex vertical gap={12}>{back}<Typography.Text>{LOADING_TEXT}</Typography.Text></Flex>;
  if (error) return <Flex vertical gap={12}>{back}<Alert type="error" showIcon title={error} /></Flex>;
  if (notFound) return <Flex vertical gap={12}>{back}<Typography.Text>{notFound}</Typography.Text></Flex>;
  return (
    <Flex vertical gap={12}>
      {back}
      <Flex justify="space-between" align="start" gap={12} wrap>
        <div style={{ flex: 1, minWidth: 240 }}>{header}</div>
        {actions ? <Flex gap={8}>{actions}</Flex> : null}
      </Flex>
      {editor}
      <Tabs
        aria-label={tabsLabel}
        activeKey={tab}
        onChange={(key) => setTab(key as DetailTabKey)}
        items={[
          { key: 'contact-methods', label: 'Contact Methods', children: contactMethods },
          { key: 'notes', label: 'Notes', children: notes },
          ...extraTabs.map((extra) => ({ key: extra.key, label: extra.label, children: extra.children })),
          { key: 'financial', label: 'Financial', children: financial ?? <Typography.Text type="secondary">{FINANCIAL_COMING_SOON}</Typography.Text> },
          ...(history ? [{ key: 'history', label: 'History', children: history }] : []),
        ]}
      />
    </Flex>
  );
}
