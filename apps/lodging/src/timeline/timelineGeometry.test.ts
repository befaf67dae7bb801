import { describe, expect, it } from 'vitest';
import { setLocale } from '@steward/libs/i18n';
import { t } from '../i18n';
import {
  DAY_WIDTH_PX,
  blockColor,
  blockLabel,
  instantX,
  occupancyLabel,
  shareOfUtcDay,
  tableWidth,
  turnoverDays,
  unitBlocks,
  windowBounds,
  windowDays,
} from './timelineGeometry';

const W = DAY_WIDTH_PX;

describe('block position', () => {
  it('places a check-in by its share of the UTC day', () => {
    expect(shareOfUtcDay('2026-05-03T06:00:00Z')).toBe(0.25);
    expect(instantX('2026-05-01', '2026-05-03T12:00:00Z', false)).toBe(2.5 * W);
  });

  it('caps the share at 95% of the day', () => {
    expect(instantX('2026-05-01', '2026-05-01T23:30:00Z', false)).toBeCloseTo(0.95 * W);
    expect(instantX('2026-05-01', '2026-05-01T22:00:00Z', false)).toBeCloseTo((22 / 24) * W);
  });

  it('puts an all-day stay on the day boundary', () => {
    expect(instantX('2026-05-01', '2026-05-02T15:00:00Z', true)).toBe(W);
    const [block] = unitBlocks([{ id: 'a', check_in: '2026-05-02T00:00:00Z', check_out: '2026-05-04T00:00:00Z', all_day: true }], '2026-05-01', 14);
    expect(block).toMatchObject({ left: W, width: 2 * W });
  });

  it('spans from check-in to check-out', () => {
    const [block] = unitBlocks([{ id: 'a', check_in: '2026-05-01T12:00:00Z', check_out: '2026-05-03T06:00:00Z' }], '2026-05-01', 14);
    expect(block?.left).toBe(0.5 * W);
    expect(block?.width).toBe(1.75 * W);
  });

  it('clips stays to the window and leaves out those outside it', () => {
    const blocks = unitBlocks(
      [
        { id: 'before', check_in: '2026-04-20T12:00:00Z', check_out: '2026-04-25T12:00:00Z' },
        { id: 'across', check_in: '2026-04-29T12:00:00Z', check_out: '2026-05-02T12:00:00Z' },
        { id: 'after', check_in: '2026-05-20T12:00:00Z', check_out: '2026-05-22T12:00:00Z' },
      ],
      '2026-05-01',
      14,
    );
    expect(blocks.map((block) => block.id)).toEqual(['across']);
    expect(blocks[0]).toMatchObject({ left: 0, width: 1.5 * W, clippedStart: true, clippedEnd: false });
  });
});

describe('turnover half-width', () => {
  const stays = [
    { id: 'first', check_in: '2026-05-01T16:00:00Z', check_out: '2026-05-03T10:00:00Z' },
    { id: 'second', check_in: '2026-05-03T16:00:00Z', check_out: '2026-05-05T10:00:00Z' },
  ];

  it('finds the day one stay ends and another starts', () => {
    expect([...turnoverDays(stays)]).toEqual(['2026-05-03']);
  });

  it('gives each block half of the turnover day', () => {
    const [first, second] = unitBlocks(stays, '2026-05-01', 14);
    expect(first!.left + first!.width).toBe(2.5 * W);
    expect(second!.left).toBe(2.5 * W);
  });

  it('leaves a lone check-out untouched', () => {
    const [only] = unitBlocks([stays[0]!], '2026-05-01', 14);
    expect(only!.left + only!.width).toBeCloseTo((2 + 10 / 24) * W);
  });
});

describe('range arithmetic across a DST change', () => {
  it('lists consecutive calendar days across the spring change (US and EU)', () => {
    const days = windowDays('2026-03-01', 45);
    expect(days).toHaveLength(45);
    expect(days[7]).toBe('2026-03-08');
    expect(days[8]).toBe('2026-03-09');
    expect(days[28]).toBe('2026-03-29');
    expect(days[29]).toBe('2026-03-30');
    expect(new Set(days).size).toBe(45);
    expect(days.at(-1)).toBe('2026-04-14');
  });

  it('bounds the window on UTC midnights, exactly N days apart, across the autumn change', () => {
    const { from, to } = windowBounds('2026-10-20', 14);
    expect(from).toBe('2026-10-20T00:00:00.000Z');
    expect(to).toBe('2026-11-03T00:00:00.000Z');
    expect(new Date(to).getTime() - new Date(from).getTime()).toBe(14 * 86_400_000);
  });

  it('positions a stay across the change by UTC days, never off by an hour', () => {
    const [block] = unitBlocks([{ id: 'a', check_in: '2026-03-07T12:00:00Z', check_out: '2026-03-10T12:00:00Z' }], '2026-03-01', 30);
    expect(block).toMatchObject({ left: 6.5 * W, width: 3 * W });
  });
});

describe('labels and colours', () => {
  it('shows children only when above 0', () => {
    expect(occupancyLabel(t, 2, 0)).toBe('2a');
    expect(occupancyLabel(t, 2, 1)).toBe('2a/1ch');
  });

  it('names the rate, "(untitled)" by default, and the rate type abbreviation', () => {
    expect(blockLabel(t, { adults: 2, children: 1, rate_name: 'Summer', rate_type_abbreviation: 'STD' })).toBe('2a/1ch Summer STD');
    expect(blockLabel(t, { adults: 1, children: 0, rate_name: null, rate_type_abbreviation: null })).toBe('1a (untitled)');
  });

  it('words the label in the page’s language once it is in Spanish', async () => {
    await setLocale('es', 'USD');
    try {
      expect(blockLabel(t, { adults: 2, children: 1, rate_name: null, rate_type_abbreviation: 'STD' })).toBe('2a/1n (sin título) STD');
    } finally {
      await setLocale('en', 'USD');
    }
  });

  it('uses the card colour, white by default', () => {
    expect(blockColor('#aabbcc')).toBe('#aabbcc');
    expect(blockColor(null)).toBe('#ffffff');
  });

  it('never makes the table narrower than 700 px', () => {
    expect(tableWidth(160, 2)).toBe(700);
    expect(tableWidth(160, 14)).toBe(160 + 14 * W);
  });
});
