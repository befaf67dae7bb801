import { useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Typography } from '@steward/libs/ui/antd';
import { Card, Input, Select } from '@steward/libs/ui/antd-data';
import { errorMessage, queryKeys, useRelationOptions } from '@steward/libs/data';
import { getRuntimeConfig } from '@steward/libs/runtime-config';
import { DataTable } from '@steward/libs/list';
import { useAccess, useSession } from '@steward/libs/session';
import { calendarFeedUrl, createCalendarFeed, fetchCalendarFeeds, revokeCalendarFeed, type CalendarFeed } from '../desk/deskApi';

/**
 * Calendar feeds: an iCal address per unit for channel managers and staff phones, holding only the
 * unit's busy dates. The address is shown once, when the feed is made (only its hash is kept);
 * Revoke turns it off for good.
 */
export function CalendarFeedsCard() {
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
      if (!unit) throw new Error('Choose an accommodation.');
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
    <Card title="Calendar Feeds">
      <Typography.Paragraph>Each feed is a secret iCal address with the unit&apos;s busy dates only (no guest names). It is shown once; revoke it to turn it off.</Typography.Paragraph>
      {access.create ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            create.mutate();
          }}
        >
          <Flex gap={8} wrap align="end">
            <Flex vertical gap={2}>
              <label htmlFor={unitId}>Accommodation</label>
              <Select id={unitId} value={unit} onChange={(value: string) => setUnit(value)} options={(units.data ?? []).map((option) => ({ value: option.value, label: option.label }))} style={{ width: 220 }} />
            </Flex>
            <Flex vertical gap={2}>
              <label htmlFor={nameId}>Feed name</label>
              <Input id={nameId} value={name} placeholder="Channel manager" onChange={(event) => setName(event.target.value)} style={{ width: 200 }} />
            </Flex>
            <Button type="primary" htmlType="submit" loading={create.isPending}>
              New feed
            </Button>
          </Flex>
        </form>
      ) : null}
      {create.error ? <Alert type="error" showIcon title={errorMessage(create.error, 'The feed could not be created.')} style={{ marginTop: 8 }} /> : null}
      {made ? (
        <Alert
          type="success"
          showIcon
          style={{ marginTop: 8 }}
          title="Subscribe to this address now: it is not shown again."
          description={<Typography.Text copyable code style={{ wordBreak: 'break-all' }}>{made}</Typography.Text>}
        />
      ) : null}
      {feeds.error ? <Alert type="error" showIcon title={errorMessage(feeds.error, 'Failed to load feeds.')} /> : null}
      <div style={{ marginTop: 12 }}>
        <DataTable<CalendarFeed>
          label="Calendar feeds"
          rowKey={(feed) => feed.id}
          rows={feeds.data ?? []}
          placeholder={null}
          columns={[
            { key: 'accommodation', title: 'Accommodation', render: (feed) => unitName(feed.accommodation_id) },
            { key: 'name', title: 'Name' },
            { key: 'created', title: 'Created', render: (feed) => new Date(feed.created_at).toLocaleDateString() },
            { key: 'state', title: 'State', render: (feed) => (feed.revoked_at ? `Revoked ${new Date(feed.revoked_at).toLocaleDateString()}` : 'Active') },
            {
              key: 'actions',
              title: 'Actions',
              titleHidden: true,
              render: (feed) =>
                feed.revoked_at || !access.canDeleteRow(feed) ? null : (
                  <Button size="small" danger loading={revoke.isPending && revoke.variables === feed.id} onClick={() => revoke.mutate(feed.id)} aria-label={`Revoke feed ${feed.name ?? unitName(feed.accommodation_id)}`}>
                    Revoke
                  </Button>
                ),
            },
          ]}
        />
      </div>
    </Card>
  );
}
