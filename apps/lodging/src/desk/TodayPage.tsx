import { useId, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Typography } from '@steward/libs/ui/antd';
import { errorMessage, queryKeys } from '@steward/libs/data';
import { Link } from '@steward/libs/router';
import { useSession } from '@steward/libs/session';
import { PageFrame, todayLocal } from '@steward/libs/ui';
import { StayActions } from './StayActions';
import { fetchDeskDay, guestsLabel, statusLabel, type DeskStay } from './deskApi';
import './desk.css';
import { formatDate, formatMoney } from '@steward/libs/i18n';
import { useT, type LodgingMessageId } from '../i18n';

const SECTIONS: ReadonlyArray<{ kind: DeskStay['kind']; heading: LodgingMessageId; none: LodgingMessageId }> = [
  { kind: 'arrival', heading: 'desk.arrivals', none: 'desk.noArrivals' },
  { kind: 'departure', heading: 'desk.departures', none: 'desk.noDepartures' },
  { kind: 'in_house', heading: 'desk.inHouse', none: 'desk.nobodyStaying' },
];

/** A stay's day and time in the page's language: "Nov 29, 2026 04:00 PM" (en), "29 nov 2026 16:00" (es). */
const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit' };
const when = (value: string) => `${formatDate(value)} ${formatDate(value, TIME)}`;

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
  const t = useT();
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
              <th role="columnheader" scope="col">{t('desk.guest')}</th>
              <th role="columnheader" scope="col">{t('desk.unit')}</th>
              <th role="columnheader" scope="col">{t('desk.guests')}</th>
              <th role="columnheader" scope="col">{t('desk.checkIn')}</th>
              <th role="columnheader" scope="col">{t('desk.checkOut')}</th>
              <th role="columnheader" scope="col">{t('desk.status')}</th>
              <th role="columnheader" scope="col">{t('desk.balanceDue')}</th>
              <th role="columnheader" scope="col">
                <span className="stw-visually-hidden">{t('desk.actions')}</span>
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
                <td role="cell" data-label={t('desk.unit')}>{stay.accommodation_name ?? '—'}</td>
                <td role="cell" data-label={t('desk.guests')}>{guestsLabel(stay.adults, stay.children, stay.pets)}</td>
                <td role="cell" data-label={t('desk.checkIn')}>{when(stay.check_in)}</td>
                <td role="cell" data-label={t('desk.checkOut')}>{when(stay.check_out)}</td>
                <td role="cell" data-label={t('desk.status')}>{statusLabel(stay.status)}</td>
                <td role="cell" data-label={t('desk.balanceDue')} className="stw-num">{formatMoney(stay.balance_due)}</td>
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
  const t = useT();
  const session = useSession();
  // Today is the person's own calendar day, as the timeline's default start.
  const [day, setDay] = useState(() => todayLocal());
  const dayId = useId();
  const desk = useDeskDay(session.orgName, day);
  let body: React.ReactNode;
  if (session.loading || (desk.isLoading && session.orgName)) body = <Typography.Paragraph>{t('common.loading')}</Typography.Paragraph>;
  else if (!session.orgName) body = <Typography.Paragraph>{t('common.noOrganization')}</Typography.Paragraph>;
  else if (desk.error) body = <Alert type="error" showIcon title={t('common.error', { message: errorMessage(desk.error, t('desk.loadFailed')) })} />;
  else
    body = SECTIONS.map((section) => (
      <DeskList key={section.kind} title={t(section.heading)} empty={t(section.none)} stays={(desk.data ?? []).filter((stay) => stay.kind === section.kind)} />
    ));
  return (
    <PageFrame title={t('desk.title')}>
      <Flex gap={8} align="center" wrap>
        <label htmlFor={dayId}>{t('desk.day')}</label>
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
            {t('desk.backToToday')}
          </Button>
        ) : null}
      </Flex>
      {body}
    </PageFrame>
  );
}
