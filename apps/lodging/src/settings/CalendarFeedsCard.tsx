import { useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Typography } from '@steward/libs/ui/antd';
import { Card, Input, Select } from '@steward/libs/ui/antd-data';
import { errorMessage, queryKeys, useRelationOptions } from '@steward/libs/data';
import { getRuntimeConfig } from '@steward/libs/runtime-config';
import { DataTable } from '@steward/libs/list';
import { useAccess, useSession } from '@steward/libs/session';
import { formatDate } from '@steward/libs/i18n';
import { useT } from '../i18n';
import { calendarFeedUrl, createCalendarFeed, fetchCalendarFeeds, revokeCalendarFeed, type CalendarFeed } from '../desk/deskApi';

/**
 * Calendar feeds: an iCal address per unit for channel managers and staff phones, holding only the
 * unit's busy dates. The address is shown once, when the feed is made (only its hash is kept);
 * Revoke turns it off for good.
 */
export function CalendarFeedsCard() {
  const t = useT();
  const session = useSession();
  const queryClient = useQueryClient();
  const orgName = session.orgName ?? '';
  const feeds = useQuery({ queryKey: [...queryKeys.table({ schema: 'catalog', table: 'calendar_feeds' }), orgName], queryFn: () => fetchCalendarFeeds(orgName), enabled: Boolean(orgName) });
  const units = useRelationOptions({ schema: 'catalog', table: 'accommodations', valueField: 'id', labelField: 'name', orgScope: session.orgScope });
  const [unit, setUnit] = useState<string | undefined>();
  const [name, setName] = useState('');
  const [made, setMade] = useState<string | null>(null);
  const unitId = useId();
  const nameId = useId();
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.schema('catalog') });
  const create = useMutation({
    mutationFn: async () => {
      if (!unit) throw new Error(t('feeds.chooseAccommodation'));
      const { supabaseUrl, supabaseAnonKey } = getRuntimeConfig();
      const feed = await createCalendarFeed(unit, name.trim());
      return calendarFeedUrl(supabaseUrl, supabaseAnonKey, feed.token);
    },
    onSuccess: async (url) => {
      setMade(url);
      setName('');
      await refresh();
    },
  });
  const revoke = useMutation({ mutationFn: revokeCalendarFeed, onSuccess: refresh });
  // New feed with create access; Revoke (turning a feed off for good) with delete access.
  const access = useAccess();
  const unitName = (id: string) => units.data?.find((option) => option.value === id)?.label ?? '—';
  return (
    <Card title={t('feeds.title')}>
      <Typography.Paragraph>{t('feeds.intro')}</Typography.Paragraph>
      {access.create ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            create.mutate();
          }}
        >
          <Flex gap={8} wrap align="end">
            <Flex vertical gap={2}>
              <label htmlFor={unitId}>{t('feeds.accommodation')}</label>
              <Select id={unitId} value={unit} onChange={(value: string) => setUnit(value)} options={(units.data ?? []).map((option) => ({ value: option.value, label: option.label }))} style={{ width: 220 }} />
            </Flex>
            <Flex vertical gap={2}>
              <label htmlFor={nameId}>{t('feeds.feedName')}</label>
              <Input id={nameId} value={name} placeholder={t('feeds.namePlaceholder')} onChange={(event) => setName(event.target.value)} style={{ width: 200 }} />
            </Flex>
            <Button type="primary" htmlType="submit" loading={create.isPending}>
              {t('feeds.new')}
            </Button>
          </Flex>
        </form>
      ) : null}
      {create.error ? <Alert type="error" showIcon title={errorMessage(create.error, t('feeds.couldNotCreate'))} style={{ marginTop: 8 }} /> : null}
      {made ? (
        <Alert
          type="success"
          showIcon
          style={{ marginTop: 8 }}
          title={t('feeds.subscribeNow')}
          description={<Typography.Text copyable code style={{ wordBreak: 'break-all' }}>{made}</Typography.Text>}
        />
      ) : null}
      {feeds.error ? <Alert type="error" showIcon title={errorMessage(feeds.error, t('feeds.loadFailed'))} /> : null}
      <div style={{ marginTop: 12 }}>
        <DataTable<CalendarFeed>
          label={t('feeds.label')}
          rowKey={(feed) => feed.id}
          rows={feeds.data ?? []}
          placeholder={null}
          columns={[
            { key: 'accommodation', title: t('feeds.accommodation'), render: (feed) => unitName(feed.accommodation_id) },
            { key: 'name', title: t('feeds.name') },
            { key: 'created', title: t('feeds.created'), render: (feed) => formatDate(feed.created_at) },
            { key: 'state', title: t('feeds.state'), render: (feed) => (feed.revoked_at ? t('feeds.revoked', { date: formatDate(feed.revoked_at) }) : t('feeds.active')) },
            {
              key: 'actions',
              title: t('feeds.actions'),
              titleHidden: true,
              render: (feed) =>
                feed.revoked_at || !access.canDeleteRow(feed) ? null : (
                  <Button size="small" danger loading={revoke.isPending && revoke.variables === feed.id} onClick={() => revoke.mutate(feed.id)} aria-label={t('feeds.revokeFeed', { name: feed.name ?? unitName(feed.accommodation_id) })}>
                    {t('feeds.revoke')}
                  </Button>
                ),
            },
          ]}
        />
      </div>
    </Card>
  );
}
