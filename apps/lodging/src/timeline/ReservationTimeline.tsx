import { useMemo, useState } from 'react';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import { Alert, Flex, Typography } from '@steward/libs/antd';
import { Input, Select } from '@steward/libs/antd-data';
import { errorMessage, tableRef, useList, type AnyRow } from '@steward/libs/data-access';
import { useSession } from '@steward/libs/session';
import { useReservationsInRange } from './reservationsInRange';
import { DAY_WIDTH, DEFAULT_RANGE_DAYS, MIN_TABLE_WIDTH, RANGE_OPTIONS, rangeDays, unitBlocks, type TimelineReservation } from './timelineGeometry';

dayjs.extend(utc);

const accommodations = tableRef<AnyRow & { id: string; name: string }>('catalog', 'accommodations');
const UNIT_WIDTH = 180;
// Read by screen readers, not shown: a row with no stays says so.
const VISUALLY_HIDDEN = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

/** Messages of the timeline (001 §2). */
export const TIMELINE_MESSAGES = {
  loading: 'Loading...',
  noUnits: 'No accommodations found.',
  noData: 'No data',
  noOrg: 'No organization found.',
  noneYet: 'None yet',
  failed: 'Failed to load reservations.',
} as const;

/**
 * /reservations (001 §2): units as rows ('Unit' first), one 190 px column per UTC day, Start date
 * (today by default) and Range (30 days by default). A table with a header row, so screen readers and
 * tests read it as a grid of units by days.
 */
export function ReservationTimeline() {
  const { orgName, loading: sessionLoading } = useSession();
  const [start, setStart] = useState(() => dayjs.utc().format('YYYY-MM-DD'));
  const [range, setRange] = useState<number>(DEFAULT_RANGE_DAYS);
  const days = useMemo(() => rangeDays(start, range), [start, range]);
  const rangeStart = `${start}T00:00:00Z`;
  const rangeEnd = `${dayjs.utc(start).add(range, 'day').format('YYYY-MM-DD')}T00:00:00Z`;

  const units = useList(accommodations, { eq: { org_name: orgName }, excludeArchived: true, sort: [{ field: 'name', order: 'asc' }], pageSize: 1000 }, { enabled: Boolean(orgName) });
  const reservations = useReservationsInRange(orgName, rangeStart, rangeEnd);

  const byUnit = useMemo(() => {
    const map = new Map<string, TimelineReservation[]>();
    for (const reservation of reservations.data ?? []) {
      if (!reservation.accommodation_id) continue;
      map.set(reservation.accommodation_id, [...(map.get(reservation.accommodation_id) ?? []), reservation]);
    }
    return map;
  }, [reservations.data]);

  const controls = (
    <Flex gap={16} wrap align="end">
      <label>
        <div>Start date</div>
        <Input type="date" value={start} onChange={(event) => event.target.value && setStart(event.target.value)} style={{ width: 180 }} />
      </label>
      <label>
        <div>Range</div>
        <Select aria-label="Range" value={range} onChange={setRange} options={RANGE_OPTIONS.map((option) => ({ ...option }))} style={{ width: 160 }} />
      </label>
    </Flex>
  );

  if (!sessionLoading && !orgName) return <Typography.Text>{TIMELINE_MESSAGES.noOrg}</Typography.Text>;
  const error = units.error ?? reservations.error;
  if (error) return <Alert type="error" showIcon title={`Error: ${errorMessage(error, TIMELINE_MESSAGES.failed)}`} />;
  if (sessionLoading || units.isLoading || reservations.isLoading) {
    return (
      <Flex vertical gap={12}>
        {controls}
        <Typography.Text>{TIMELINE_MESSAGES.loading}</Typography.Text>
      </Flex>
    );
  }
  const rows = units.data?.rows ?? [];
  const total = reservations.data?.length ?? 0;
  return (
    <Flex vertical gap={12}>
      {controls}
      {rows.length === 0 ? (
        <Typography.Text>{TIMELINE_MESSAGES.noUnits}</Typography.Text>
      ) : (
        // Focusable so the days can be scrolled by keyboard.
        <div style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label="Timeline days">
          <table aria-label="Reservation timeline" style={{ borderCollapse: 'collapse', tableLayout: 'fixed', minWidth: Math.max(MIN_TABLE_WIDTH, UNIT_WIDTH + range * DAY_WIDTH) }}>
            <thead>
              <tr>
                <th scope="col" style={{ width: UNIT_WIDTH, textAlign: 'left', padding: 6, position: 'sticky', left: 0, background: '#fff', zIndex: 2 }}>
                  Unit
                </th>
                {days.map((day) => (
                  <th key={day} scope="col" style={{ width: DAY_WIDTH, padding: 6, borderLeft: '1px solid #e5e7eb', fontWeight: 600 }}>
                    {dayjs.utc(day).format('ddd MMM D')}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((unit) => {
                const blocks = unitBlocks(byUnit.get(unit.id) ?? [], start, range);
                return (
                  <tr key={unit.id} style={{ borderTop: '1px solid #e5e7eb' }}>
                    <th scope="row" style={{ textAlign: 'left', padding: 6, position: 'sticky', left: 0, background: '#fff', zIndex: 1 }}>
                      {unit.name}
                    </th>
                    <td colSpan={range} style={{ position: 'relative', height: 44, padding: 0 }}>
                      {blocks.length === 0 ? <span style={VISUALLY_HIDDEN}>{TIMELINE_MESSAGES.noData}</span> : null}
                      {blocks.map((block) => (
                        <div
                          key={block.reservation.id}
                          title={block.label}
                          style={{ position: 'absolute', top: 6, height: 32, left: block.left, width: block.width, background: block.color, border: '1px solid #6b7280', borderRadius: 6, padding: '4px 8px', overflow: 'hidden', whiteSpace: 'nowrap', textOverflow: 'ellipsis', color: '#111827' }}
                        >
                          {block.label}
                        </div>
                      ))}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {rows.length > 0 && total === 0 ? <Typography.Text type="secondary">{TIMELINE_MESSAGES.noneYet}</Typography.Text> : null}
    </Flex>
  );
}
