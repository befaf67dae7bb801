import { describe, expect, it } from 'vitest';
import { isActiveReservation, withRates } from './timelineData';

const stay = { id: 's1', name: 'Stay 1', accommodation_id: 'u1', check_in: '2026-11-23T15:00:00+00:00', check_out: '2026-11-25T11:00:00+00:00', adults: 2, children: 0, all_day: false, status: 'Confirmed' };

describe('withRates', () => {
  const rates = [
    { id: 'r1', name: 'Weekend', type_id: 't1' },
    { id: 'r2', name: 'Walk-in', type_id: null },
  ];
  const rateTypes = [{ id: 't1', abbreviation: 'WE', card_color: '#ffd8bf' }];

  it('gives each stay its rate name and its rate type abbreviation and card colour', () => {
    expect(withRates([{ ...stay, rate_id: 'r1' }], rates, rateTypes)).toEqual([
      { ...stay, rate_name: 'Weekend', rate_type_abbreviation: 'WE', rate_type_card_color: '#ffd8bf' },
    ]);
  });

  it('leaves what a stay does not have empty: no rate, a rate without a type, a rate it cannot see', () => {
    const [none, untyped, unseen] = withRates(
      [
        { ...stay, id: 'a', rate_id: null },
        { ...stay, id: 'b', rate_id: 'r2' },
        { ...stay, id: 'c', rate_id: 'r9' },
      ],
      rates,
      rateTypes,
    );
    expect(none).toMatchObject({ id: 'a', rate_name: null, rate_type_abbreviation: null, rate_type_card_color: null });
    expect(untyped).toMatchObject({ id: 'b', rate_name: 'Walk-in', rate_type_abbreviation: null, rate_type_card_color: null });
    expect(unseen).toMatchObject({ id: 'c', rate_name: null, rate_type_abbreviation: null, rate_type_card_color: null });
    expect(none).not.toHaveProperty('rate_id');
  });
});

describe('isActiveReservation', () => {
  it('treats cancelled (either spelling, any case) and no-show stays as not holding the unit', () => {
    expect(['Cancelled', ' canceled ', 'CANCELLED'].map(isActiveReservation)).toEqual([false, false, false]);
    expect(['Confirmed', null, 'Checked in'].map(isActiveReservation)).toEqual([true, true, true]);
    expect(['No-show', 'Tentative', 'Checked out'].map(isActiveReservation)).toEqual([false, true, true]);
  });
});
