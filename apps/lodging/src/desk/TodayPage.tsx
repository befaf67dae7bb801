import { useId, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Typography } from '@steward/libs/ui/antd';
import { errorMessage, queryKeys } from '@steward/libs/data';
import { Link } from '@steward/libs/router';
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
        // Explicit roles: on a phone the rows are drawn as cards (desk.css), and a table drawn with
        // display: block keeps its table semantics only when they are stated.
        <table role="table" className="stw-desk-list" aria-labelledby={headingId}>
          <thead role="rowgroup">
            <tr role="row">
              <th role="columnheader" scope="col">Guest</th>
              <th role="columnheader" scope="col">Unit</th>
              <th role="columnheader" scope="col">Guests</th>
              <th role="columnheader" scope="col">Check-in</th>
              <th role="columnheader" scope="col">Check-out</th>
              <th role="columnheader" scope="col">Status</th>
              <th role="columnheader" scope="col">Balance due</th>
              <th role="columnheader" scope="col">
                <span className="stw-visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody role="rowgroup">
            {stays.map((stay) => (
              <tr role="row" key={stay.id} data-stay-id={stay.id}>
                <th role="rowheader" scope="row">
                  <Link to={`/folio/${stay.id}`}>{stay.name}</Link>
                  {stay.contact_name ? <div style={{ fontWeight: 'normal' }}>{stay.contact_name}</div> : null}
                </th>
                <td role="cell" data-label="Unit">{stay.accommodation_name ?? '—'}</td>
                <td role="cell" data-label="Guests">{guestsLabel(stay.adults, stay.children, stay.pets)}</td>
                <td role="cell" data-label="Check-in">{new Date(stay.check_in).toLocaleDateString()} {time(stay.check_in)}</td>
                <td role="cell" data-label="Check-out">{new Date(stay.check_out).toLocaleDateString()} {time(stay.check_out)}</td>
                <td role="cell" data-label="Status">{stay.status}</td>
                <td role="cell" data-label="Balance due" className="stw-num">{money(stay.balance_due)}</td>
                <td role="cell">
                  <StayActions id={stay.id} status={stay.status} name={stay.name} row={stay} only={['Checked in', 'Checked out']} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
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
