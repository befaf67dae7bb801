import { DAY_WIDTH, blockLabel, dayShare, guestLabel, rangeDays, unitBlocks, type TimelineReservation } from './timelineGeometry';

const stay = (id: string, checkIn: string, checkOut: string, extra: Partial<TimelineReservation> = {}): TimelineReservation => ({
  id,
  accommodation_id: 'u1',
  check_in: checkIn,
  check_out: checkOut,
  all_day: false,
  adults: 2,
  children: 0,
  rate_name: 'Standard',
  rate_type_abbreviation: null,
  rate_type_card_color: null,
  ...extra,
});

describe('timeline geometry', () => {
  it('counts UTC days from the start, across a DST change', () => {
    expect(rangeDays('2026-03-07', 3)).toEqual(['2026-03-07', '2026-03-08', '2026-03-09']);
    expect(rangeDays('2026-10-31', 3)).toEqual(['2026-10-31', '2026-11-01', '2026-11-02']);
  });

  it('places a check-in by its share of the UTC day, capped at 95%, and all-day stays at midnight', () => {
    expect(dayShare('2026-05-01T12:00:00Z', false)).toBe(0.5);
    expect(dayShare('2026-05-01T23:59:00Z', false)).toBe(0.95);
    expect(dayShare('2026-05-01T18:00:00Z', true)).toBe(0);
  });

  it("labels guests '{adults}a/{children}ch' with children only above 0, then the rate ('(untitled)') and its type", () => {
    expect(guestLabel(2, 0)).toBe('2a');
    expect(guestLabel(2, 1)).toBe('2a/1ch');
    expect(blockLabel(stay('r', '2026-05-01T16:00:00Z', '2026-05-03T11:00:00Z', { rate_name: null, rate_type_abbreviation: 'WKND' }))).toBe('2a · (untitled) · WKND');
  });

  it('draws a stay from its check-in share to its check-out share, in the rate type colour or white', () => {
    const [block] = unitBlocks([stay('r', '2026-05-02T12:00:00Z', '2026-05-04T06:00:00Z', { rate_type_card_color: '#ffeecc' })], '2026-05-01', 30);
    expect(block?.left).toBe(1.5 * DAY_WIDTH);
    expect(block?.width).toBe((3.25 - 1.5) * DAY_WIDTH);
    expect(block?.color).toBe('#ffeecc');
    expect(unitBlocks([stay('w', '2026-05-02T12:00:00Z', '2026-05-03T06:00:00Z')], '2026-05-01', 30)[0]?.color).toBe('#ffffff');
  });

  it('gives each stay half of a turnover day', () => {
    const blocks = unitBlocks([stay('a', '2026-05-01T15:00:00Z', '2026-05-03T10:00:00Z'), stay('b', '2026-05-03T16:00:00Z', '2026-05-05T10:00:00Z')], '2026-05-01', 30);
    expect(blocks[0]!.left + blocks[0]!.width).toBe(2.5 * DAY_WIDTH);
    expect(blocks[1]!.left).toBe(2.5 * DAY_WIDTH);
  });

  it('clips stays to the range shown and drops those outside it', () => {
    const blocks = unitBlocks([stay('early', '2026-04-28T12:00:00Z', '2026-05-02T12:00:00Z'), stay('late', '2026-06-10T12:00:00Z', '2026-06-12T12:00:00Z')], '2026-05-01', 14);
    expect(blocks).toHaveLength(1);
    expect(blocks[0]!.left).toBe(0);
    expect(blocks[0]!.width).toBe(1.5 * DAY_WIDTH);
  });
});
