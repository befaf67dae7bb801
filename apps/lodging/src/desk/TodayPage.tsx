import { useId, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Typography } from '@steward/libs/antd';
import { errorMessage, queryKeys } from '@steward/libs/data-access';
import { Link } from '@steward/libs/router';
import { DataTable, type ListColumn } from '@steward/libs/list';
import { useSession } from '@steward/libs/session';
import { PageFrame, todayLocal } from '@steward/libs/ui';
import { StayActions } from './StayActions';
import { fetchDeskDay, guestsLabel, money, type DeskStay } from './deskApi';
import './desk.css';

const SECTIONS: ReadonlyArray<{ kind: DeskStay['kind']; title: string; empty: string }> = [
  { kind: 'arrival', title: 'Arrivals', empty: 'No arrivals.' },
  { kind: 'departure', title: 'Departures', empty: 'No departures.' },
  { kind: 'in_house', title: 'In house', empty: 'Nobody staying through.' },
];

const time = (value: string) => new Date(value).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

/** The query of a day at the desk (shared with the dashboard card). */
export function useDeskDay(orgName: string | null, day: string) {
  return useQuery({
    queryKey: [...queryKeys.schema('catalog'), 'desk_day', orgName, day],
    queryFn: async () => {
      const rows = await fetchDeskDay(orgName ?? '', day);
      // The benchmark's "request → lists on screen" ends where the lists render (see DeskList).
      performance.mark('steward:desk:data-in');
      return rows;
    },
    enabled: Boolean(orgName),
    placeholderData: keepPreviousData,
  });
}

const DESK_COLUMNS: readonly ListColumn<DeskStay>[] = [
  {
    key: 'guest',
    title: 'Guest',
    render: (stay) => (
      <>
        <Link to={`/folio/${stay.id}`}>{stay.name}</Link>
        {stay.contact_name ? <div>{stay.contact_name}</div> : null}
      </>
    ),
  },
  { key: 'unit', title: 'Unit', render: (stay) => stay.accommodation_name ?? '—' },
  { key: 'guests', title: 'Guests', render: (stay) => guestsLabel(stay.adults, stay.children, stay.pets) },
  { key: 'check_in', title: 'Check-in', render: (stay) => `${new Date(stay.check_in).toLocaleDateString()} ${time(stay.check_in)}` },
  { key: 'check_out', title: 'Check-out', render: (stay) => `${new Date(stay.check_out).toLocaleDateString()} ${time(stay.check_out)}` },
  { key: 'status', title: 'Status' },
  { key: 'balance_due', title: 'Balance due', align: 'end', render: (stay) => money(stay.balance_due) },
  { key: 'actions', title: 'Actions', titleHidden: true, render: (stay) => <StayActions id={stay.id} status={stay.status} name={stay.name} row={stay} only={['Checked in', 'Checked out']} /> },
];

function DeskList({ title, empty, stays }: { title: string; empty: string; stays: readonly DeskStay[] }) {
  const headingId = useId();
  return (
    <section className="stw-desk-section" aria-labelledby={headingId}>
      <h2 id={headingId}>
        {title} <span className="stw-desk-count">({stays.length})</span>
      </h2>
      {stays.length === 0 ? (
        <Typography.Paragraph>{empty}</Typography.Paragraph>
      ) : (
        <DataTable<DeskStay> label={title} rowKey={(stay) => stay.id} rows={stays} placeholder={null} columns={DESK_COLUMNS} />
      )}
    </section>
  );
}

/** /frontdesk: today at the desk (or any day) — arrivals, departures and in-house guests, balance due, one-click check-in and check-out. */
export function TodayPage() {
  const session = useSession();
  // Today is the person's own calendar day, as the timeline's default start.
  const [day, setDay] = useState(() => todayLocal());
  const dayId = useId();
  const desk = useDeskDay(session.orgName, day);
  let body: React.ReactNode;
  if (session.loading || (desk.isLoading && session.orgName)) body = <Typography.Paragraph>Loading...</Typography.Paragraph>;
  else if (!session.orgName) body = <Typography.Paragraph>No organization found.</Typography.Paragraph>;
  else if (desk.error) body = <Alert type="error" showIcon title={`Error: ${errorMessage(desk.error, 'Failed to load the desk.')}`} />;
  else
    body = SECTIONS.map((section) => (
      <DeskList key={section.kind} title={section.title} empty={section.empty} stays={(desk.data ?? []).filter((stay) => stay.kind === section.kind)} />
    ));
  return (
    <PageFrame title="Front Desk">
      <Flex gap={8} align="center" wrap>
        <label htmlFor={dayId}>Day</label>
        <input
          id={dayId}
          type="date"
          value={day}
          onChange={(event) => {
            if (event.target.value) setDay(event.target.value);
          }}
          style={{ padding: '4px 8px', border: '1px solid #8c8c8c', borderRadius: 6, font: 'inherit' }}
        />
        {day !== todayLocal() ? (
          <Button type="link" onClick={() => setDay(todayLocal())}>
            Back to today
          </Button>
        ) : null}
      </Flex>
      {body}
    </PageFrame>
  );
}
