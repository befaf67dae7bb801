import { lazy, useCallback, useId, useMemo, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { errorMessage, queryKeys, type AnyRow } from '@steward/libs/data';
import { useSearchParams } from '@steward/libs/router';
import { useAccess, useSession } from '@steward/libs/session';
import { useFirstViewShown } from '@steward/libs/boot';
import { AskedEditors, LazyAlert, PageFrame, PlainButton, PlainText, todayLocal, useEditorRequests } from '@steward/libs/ui';
import { useT } from '../i18n';
import { TimelineGrid } from './TimelineGrid';
import { fetchTimeline } from './timelineData';
import { timelineRows } from './timelineRows';
import { DEFAULT_RANGE_DAYS, RANGE_DAYS, utcDayOf, windowBounds, windowDays, type DayKey } from './timelineGeometry';

/** The stay editor and the form layer, loaded when a stay is first opened or booked: not with the timeline. */
const StayEditor = lazy(() => import('./StayEditor').then((module) => ({ default: module.StayEditor })));

const CONTROL_STYLE = { padding: '4px 8px', border: '1px solid #8c8c8c', borderRadius: 6, font: 'inherit', background: 'inherit', color: 'inherit' } as const;

/** A fresh confirmation code for a new stay (the column is required; the database would make one too). */
function newConfirmation(): string {
  return crypto.randomUUID().replace(/-/g, '').slice(0, 8).toUpperCase();
}

/** A new stay from a clicked cell: that unit, tentative, check-in at 16:00 that day, check-out at 11:00 the next. */
function newStayDefaults(unitId: string | null, day: DayKey): AnyRow {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return {
    accommodation_id: unitId,
    check_in: new Date(year, month - 1, date, 16, 0).toISOString(),
    check_out: new Date(year, month - 1, date + 1, 11, 0).toISOString(),
    all_day: false,
    deposit_paid: false,
    adults: 1,
    children: 0,
    pets: 0,
    status: 'Tentative',
    price_overridden: false,
    confirmation: newConfirmation(),
  };
}

/**
 * /reservations: the reservation timeline — units by days, click a stay to edit it, a free cell to book it.
 * `?stay=<id>` (a notification's, a task's or the calendar's link) opens that stay's booking form
 * with the timeline starting on its check-in day.
 */
export function ReservationsPage() {
  const session = useSession();
  const [start, setStart] = useState<DayKey>(() => todayLocal());
  const [range, setRange] = useState<number>(DEFAULT_RANGE_DAYS);
  const startId = useId();
  const rangeId = useId();
  const days = useMemo(() => windowDays(start, range), [start, range]);
  const window = useMemo(() => windowBounds(start, range), [start, range]);
  const orgName = session.orgName;
  const timeline = useQuery({
    queryKey: [...queryKeys.schema('catalog'), 'timeline', orgName, window],
    queryFn: async () => {
      const data = await fetchTimeline(orgName ?? '', window);
      // The benchmark's "data in → grid rendered" starts here (see TimelineGrid for the end).
      performance.mark('steward:timeline:data-in');
      return data;
    },
    enabled: Boolean(orgName),
    placeholderData: keepPreviousData,
  });
  // The window's stays are on screen: a visit that started here sends its reads and loads its code from
  // index.html next time (libs/boot firstView), as the lists and the dashboard do. The window starts
  // today, so its reads are the same request on a visit the same day; on another day the app asks for
  // another window and the one sent ahead is not taken (firstViewStart.mjs does not send it).
  useFirstViewShown(timeline.isSuccess && !timeline.isPlaceholderData);
  // The rows' and the fields' words follow the page's language (`t` is another function in another language).
  const t = useT();
  const rows = useMemo(() => (timeline.data ? timelineRows(t, timeline.data, start, range) : []), [t, timeline.data, start, range]);
  const [searchParams] = useSearchParams();
  const editors = useEditorRequests<'stay'>({ addressed: searchParams.has('stay') });
  const { openEdit, openCreate } = editors;
  const onAddressed = useCallback((row: AnyRow) => {
    if (typeof row.check_in === 'string') setStart(utcDayOf(row.check_in));
  }, []);
  const onOpenReservation = useCallback((id: string) => openEdit('stay', id), [openEdit]);
  const onCreate = useCallback((unitId: string, day: DayKey) => openCreate('stay', newStayDefaults(unitId, day)), [openCreate]);
  // A role that may not add reservations gets neither Add New nor bookable free cells.
  const canCreate = useAccess().create;

  const controls = (
    <div className="stw-flex" style={{ flexWrap: 'wrap', gap: 16, alignItems: 'center' }}>
      {canCreate ? (
        <PlainButton variant="primary" onClick={() => openCreate('stay', newStayDefaults(null, start))}>
          {t('timeline.addNew')}
        </PlainButton>
      ) : null}
      <div className="stw-flex" style={{ gap: 8, alignItems: 'center' }}>
        <label htmlFor={startId}>{t('timeline.startDate')}</label>
        <input
          id={startId}
          type="date"
          value={start}
          onChange={(event) => {
            if (event.target.value) setStart(event.target.value);
          }}
          style={CONTROL_STYLE}
        />
      </div>
      <div className="stw-flex" style={{ gap: 8, alignItems: 'center' }}>
        <label htmlFor={rangeId}>{t('timeline.range')}</label>
        <select id={rangeId} value={range} onChange={(event) => setRange(Number(event.target.value))} style={CONTROL_STYLE}>
          {RANGE_DAYS.map((days) => (
            <option key={days} value={days}>
              {t('timeline.range.days', { days })}
            </option>
          ))}
        </select>
      </div>
      <PlainText>{t('timeline.legend')}</PlainText>
    </div>
  );

  let body: React.ReactNode;
  if (session.loading || (timeline.isLoading && Boolean(orgName))) body = <p className="stw-paragraph">{t('timeline.loading')}</p>;
  else if (!orgName) body = <p className="stw-paragraph">{t('timeline.noOrganization')}</p>;
  else if (timeline.error) body = <LazyAlert type="error" showIcon title={t('timeline.error', { message: errorMessage(timeline.error, t('timeline.loadFailed')) })} />;
  else if (rows.length === 0) body = <p className="stw-paragraph">{t('timeline.noAccommodations')}</p>;
  else
    body = (
      <>
        {timeline.data && timeline.data.reservations.length === 0 ? <p className="stw-paragraph" style={{ margin: 0 }}>{t('timeline.noData')}</p> : null}
        <TimelineGrid rows={rows} days={days} onOpenReservation={onOpenReservation} onCreate={canCreate ? onCreate : undefined} />
      </>
    );

  return (
    <PageFrame title={t('timeline.title')}>
      {controls}
      {body}
      <AskedEditors editors={editors}>
        <StayEditor request={editors.request} onAddressed={onAddressed} />
      </AskedEditors>
    </PageFrame>
  );
}
