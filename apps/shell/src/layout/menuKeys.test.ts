import { describe, expect, it } from 'vitest';
import { nextMenuIndex } from './menuKeys';

const orgs = ['Cedar Grove Outfitters', 'Lakeside Community Church', 'Larch Lodge', 'Maple Makers'];

describe('nextMenuIndex', () => {
  it.each([
    // The arrows step and wrap at both ends.
    ['ArrowDown', 0, 1],
    ['ArrowDown', 3, 0],
    ['ArrowUp', 0, 3],
    ['ArrowUp', 2, 1],
    // Home and End jump to the ends.
    ['Home', 2, 0],
    ['End', 0, 3],
    // A typed letter moves to the next item starting with it, in any case, cycling through the matches.
    ['l', 0, 1],
    ['L', 1, 2],
    ['l', 2, 1],
    ['m', 1, 3],
  ])('%s from item %i goes to item %i', (key, from, to) => {
    expect(nextMenuIndex(key, from, orgs)).toBe(to);
  });

  it('ignores other keys, letters nothing starts with, and an empty menu', () => {
    expect(nextMenuIndex('Shift', 0, orgs)).toBeNull();
    expect(nextMenuIndex(' ', 0, orgs)).toBeNull();
    expect(nextMenuIndex('z', 0, orgs)).toBeNull();
    expect(nextMenuIndex('ArrowDown', 0, [])).toBeNull();
  });
});
