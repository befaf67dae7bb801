import { memo, useEffect, useMemo, useState } from 'react';
import { DAY_WIDTH_PX, tableWidth, type DayKey } from './timelineGeometry';
import type { TimelineRow } from './timelineRows';
import { formatDate, getLanguageState } from '@steward/libs/i18n';
import { useVirtualItems } from '@steward/libs/ui/core';
import { useT } from '../i18n';

export const UNIT_COLUMN_WIDTH_PX = 180;
export const ROW_HEIGHT_PX = 48;
const HEADER_HEIGHT_PX = 44;
/** The grid's width before layout (and where nothing is laid out): a desktop screen's. */
const INITIAL_WIDTH_PX = 1200;
const BLOCK_HEIGHT_PX = ROW_HEIGHT_PX - 13;

/** Where a stay or a block-out sits in its unit's row: its span of days, inset from the row's edges. */
const blockBox = (block: { left: number; width: number }) =>
  ({ position: 'absolute', left: block.left, width: block.width, top: 6, height: BLOCK_HEIGHT_PX }) as const;

export type TimelineGridProps = {
  rows: readonly TimelineRow[];
  days: readonly DayKey[];
  height?: number;
  onOpenReservation: (id: string) => void;
  /** Booking a free cell; absent when the role may not add reservations (the cells are then not buttons). */
  onCreate?: (unitId: string, day: DayKey) => void;
};

// One formatter, and each day formatted once: every visible cell is re-rendered while the grid
// scrolls sideways, and toLocaleDateString builds a formatter per call: the lodging bench's worst
// scroll frame went from 217 ms to 33 ms with this.
// In the page's language ("Fri, Dec 4", "vie, 4 dic"): one formatter per language (formatDate's), each day once per language.
const DAY_TITLE: Intl.DateTimeFormatOptions = { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' };
const dayTitles = new Map<string, string>();
const dayTitle = (day: DayKey) => {
  const { locale } = getLanguageState();
  const key = `${locale}|${day}`;
  let title = dayTitles.get(key);
  if (title === undefined) {
    title = formatDate(new Date(`${day}T00:00:00Z`), DAY_TITLE, locale);
    dayTitles.set(key, title);
  }
  return title;
};

type VirtualColumn = { index: number; start: number };

/** The day columns from `first` to `last`: every day is DAY_WIDTH_PX wide, so a column's place is its index. */
const columnsBetween = (first: number, last: number): VirtualColumn[] =>
  Array.from({ length: Math.max(0, last - first + 1) }, (_, offset) => ({ index: first + offset, start: (first + offset) * DAY_WIDTH_PX }));

/** The sticky header row: 'Unit', then every day. Rendered again only when the days or colours change, not on scroll. */
const DayHeaderRow = memo(function DayHeaderRow({ days, width, border, background, cornerBackground }: { days: readonly DayKey[]; width: number; border: string; background: string; cornerBackground: string }) {
  const t = useT();
  return (
    <div role="row" aria-rowindex={1} style={{ display: 'flex', width, height: HEADER_HEIGHT_PX, background, borderBottom: border, fontWeight: 600 }}>
      <div
        role="columnheader"
        aria-colindex={1}
        style={{ position: 'sticky', left: 0, zIndex: 4, width: UNIT_COLUMN_WIDTH_PX, flex: `0 0 ${UNIT_COLUMN_WIDTH_PX}px`, padding: '10px 8px', background: cornerBackground, borderRight: border }}
      >
        {t('timeline.unit')}
      </div>
      {days.map((day, index) => (
        <div role="columnheader" aria-colindex={index + 2} key={day} style={{ width: DAY_WIDTH_PX, flex: `0 0 ${DAY_WIDTH_PX}px`, boxSizing: 'border-box', padding: '10px 8px', borderRight: border }}>
          {dayTitle(day)}
        </div>
      ))}
    </div>
  );
});

/** A unit's empty day cells in view (each creates a stay for that unit and day): the only part of a row a sideways scroll changes. */
const UnitCells = memo(function UnitCells({
  unitId,
  name,
  days,
  columns,
  border,
  onCreate,
}: {
  unitId: string;
  name: string;
  days: readonly DayKey[];
  columns: readonly VirtualColumn[];
  border: string;
  onCreate: (unitId: string, day: DayKey) => void;
}) {
  const t = useT();
  return (
    <>
      {columns.map(({ index, start }) => {
        const day = days[index];
        if (!day) return null;
        return (
          <button
            key={day}
            type="button"
            className="stw-timeline-cell"
            aria-label={t('timeline.newReservation', { name, day: dayTitle(day) })}
            onClick={() => onCreate(unitId, day)}
            style={{ position: 'absolute', left: start, top: 0, width: DAY_WIDTH_PX, height: ROW_HEIGHT_PX - 1, border: 'none', borderRight: border, background: 'transparent', cursor: 'pointer', padding: 0 }}
          />
        );
      })}
    </>
  );
});

/** A unit's stays and block-outs: rendered when its row comes into view, not again while the grid scrolls. */
const UnitBlocks = memo(function UnitBlocks({ row, onOpenReservation }: { row: TimelineRow; onOpenReservation: (id: string) => void }) {
  const t = useT();
  return (
    <>
      {row.blockOuts.map((block) => (
        <div
          key={block.id}
          className="stw-timeline-blockout"
          style={{
            ...blockBox(block),
            background: 'repeating-linear-gradient(45deg, #e8e8e8, #e8e8e8 6px, #d4d4d4 6px, #d4d4d4 12px)',
            color: '#262626',
            borderRadius: 4,
            padding: '0 6px',
            fontSize: 12,
            lineHeight: `${BLOCK_HEIGHT_PX}px`,
            overflow: 'hidden',
            whiteSpace: 'nowrap',
            pointerEvents: 'none',
          }}
        >
          {t('timeline.blocked', { label: block.label })}
        </div>
      ))}
      {row.blocks.map((block) => (
        <button
          key={block.id}
          type="button"
          className="stw-timeline-block"
          data-reservation-id={block.id}
          data-status={block.status}
          title={block.title}
          aria-label={t('timeline.reservation', { title: block.title })}
          onClick={() => onOpenReservation(block.id)}
          style={{
            ...blockBox(block),
            background: block.background,
            color: block.color,
            ...statusBorder(block.status),
            borderRadius: block.clippedStart ? '0 4px 4px 0' : block.clippedEnd ? '4px 0 0 4px' : 4,
            padding: '0 6px',
            fontSize: 12,
            textAlign: 'left',
            overflow: 'hidden',
            whiteSpace: 'nowrap',
            textOverflow: 'ellipsis',
            cursor: 'pointer',
            zIndex: 1,
          }}
        >
          {block.label}
        </button>
      ))}
    </>
  );
});

/** How a stay's status shows on its block: tentative dashed, checked in with a thick green edge, checked out dotted. */
function statusBorder(status: string): React.CSSProperties {
  switch (status) {
    case 'Tentative':
      return { border: '1px dashed #595959' };
    case 'Checked in':
      return { border: '1px solid #595959', borderLeft: '5px solid #237804' };
    case 'Checked out':
      return { border: '1px dotted #595959' };
    default:
      return { border: '1px solid #595959' };
  }
}

const UnitRow = memo(function UnitRow({
  row,
  rowIndex,
  top,
  days,
  columns,
  width,
  border,
  background,
  onOpenReservation,
  onCreate,
}: {
  row: TimelineRow;
  rowIndex: number;
  top: number;
  days: readonly DayKey[];
  columns: readonly VirtualColumn[];
  width: number;
  border: string;
  background: string;
  onOpenReservation: (id: string) => void;
  onCreate?: (unitId: string, day: DayKey) => void;
}) {
  const t = useT();
  const name = row.unit.name;
  return (
    <div role="row" aria-rowindex={rowIndex + 2} style={{ position: 'absolute', top, left: 0, width, height: ROW_HEIGHT_PX, display: 'flex', borderBottom: border }}>
      <div
        role="rowheader"
        style={{ position: 'sticky', left: 0, zIndex: 2, width: UNIT_COLUMN_WIDTH_PX, flex: `0 0 ${UNIT_COLUMN_WIDTH_PX}px`, background, borderRight: border, padding: '4px 8px', overflow: 'hidden' }}
      >
        <div style={{ fontWeight: 600, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>{name}</div>
        {row.blocks.length === 0 && row.blockOuts.length === 0 ? <div style={{ fontSize: 12 }}>{t('timeline.noneYet')}</div> : null}
      </div>
      <div role="cell" aria-colindex={2} aria-colspan={days.length} style={{ position: 'relative', width: days.length * DAY_WIDTH_PX, flex: `0 0 ${days.length * DAY_WIDTH_PX}px` }}>
        {onCreate ? <UnitCells unitId={row.unit.id} name={name} days={days} columns={columns} border={border} onCreate={onCreate} /> : null}
        <UnitBlocks row={row} onOpenReservation={onOpenReservation} />
      </div>
    </div>
  );
});

/**
 * The reservation timeline: a table with a header row ('Unit', then one column header per
 * day, 190 px each) and one row per unit. Rows and day cells are virtualised (only those in view are
 * in the DOM), so 100 units × 60 days scroll smoothly; the header row always names every day.
 */
export function TimelineGrid({ rows, days, height = 560, onOpenReservation, onCreate }: TimelineGridProps) {
  const t = useT();
  const [scroller, setScroller] = useState<HTMLDivElement | null>(null);
  // Both follow the same scroll events; their updates are one render, before the next frame.
  const rowItems = useVirtualItems({ count: rows.length, scrollElement: scroller, estimateSize: ROW_HEIGHT_PX, overscan: 4, initialSize: height });
  const columnItems = useVirtualItems({
    horizontal: true,
    count: days.length,
    scrollElement: scroller,
    estimateSize: DAY_WIDTH_PX,
    overscan: 2,
    scrollMargin: UNIT_COLUMN_WIDTH_PX,
    initialSize: INITIAL_WIDTH_PX,
  }).items;
  const width = tableWidth(UNIT_COLUMN_WIDTH_PX, days.length);
  // The first frame painted with these rows (the benchmark's "grid rendered").
  useEffect(() => {
    const frame = requestAnimationFrame(() => performance.mark('steward:timeline:rendered'));
    return () => cancelAnimationFrame(frame);
  }, [rows, days]);
  // antd's table colours (its theme's values), on the branding's CSS variables: the timeline draws without antd.
  const border = '1px solid #f0f0f0';
  // The same array while the same days are in view, so a vertical scroll step renders only the rows
  // that come into view (UnitRow is memoised) instead of every visible row again.
  const firstColumn = columnItems[0]?.index ?? 0;
  const lastColumn = columnItems.at(-1)?.index ?? -1;
  const columns = useMemo(() => columnsBetween(firstColumn, lastColumn), [firstColumn, lastColumn]);
  return (
    <div
      ref={setScroller}
      role="table"
      aria-label={t('timeline.label')}
      aria-rowcount={rows.length + 1}
      aria-colcount={days.length + 1}
      tabIndex={0}
      style={{ overflow: 'auto', maxHeight: height, border, borderRadius: 8, background: '#ffffff', color: 'var(--stw-text)', fontSize: 14 }}
    >
      <div style={{ width, minWidth: width, position: 'relative' }}>
        {/* Opaque under the header's tint, so stays scrolled beneath it do not show through. */}
        <div role="rowgroup" style={{ position: 'sticky', top: 0, zIndex: 3, background: '#ffffff' }}>
          <DayHeaderRow days={days} width={width} border={border} background="rgba(0, 0, 0, 0.02)" cornerBackground="var(--stw-background)" />
        </div>
        <div role="rowgroup" style={{ position: 'relative', height: rowItems.totalSize }}>
          {rowItems.items.map((item) => {
            const row = rows[item.index];
            if (!row) return null;
            return (
              <UnitRow
                key={row.unit.id}
                row={row}
                rowIndex={item.index}
                top={item.start}
                days={days}
                columns={columns}
                width={width}
                border={border}
                background="#ffffff"
                onOpenReservation={onOpenReservation}
                onCreate={onCreate}
              />
            );
          })}
        </div>
      </div>
    </div>
  );
}
