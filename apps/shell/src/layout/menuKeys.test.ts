import { describe, expect, it } from 'vitest';
import { nextMenuIndex } from './menuKeys';

const orgs = ['Cedar Grove Outfitters', 'Lakeside Community Church', 'Larch Lodge', 'Maple Makers'];

describe('nextMenuIndex', () => {
  it('steps with the arrows and wraps at both ends', () => {
    expect(nextMenuIndex('ArrowDown', 0, orgs)).toBe(1);
    expect(nextMenuIndex('ArrowDown', 3, orgs)).toBe(0);
    expect(nextMenuIndex('ArrowUp', 0, orgs)).toBe(3);
    expect(nextMenuIndex('ArrowUp', 2, orgs)).toBe(1);
  });

  it('jumps to the ends with Home and End', () => {
    expect(nextMenuIndex('Home', 2, orgs)).toBe(0);
    expect(nextMenuIndex('End', 0, orgs)).toBe(3);
  });

  it('moves to the next item starting with a typed letter, in any case, cycling through the matches', () => {
    expect(nextMenuIndex('l', 0, orgs)).toBe(1);
    expect(nextMenuIndex('L', 1, orgs)).toBe(2);
    expect(nextMenuIndex('l', 2, orgs)).toBe(1);
    expect(nextMenuIndex('m', 1, orgs)).toBe(3);
  });

  it('ignores other keys, letters nothing starts with, and an empty menu', () => {
    expect(nextMenuIndex('Shift', 0, orgs)).toBeNull();
    expect(nextMenuIndex(' ', 0, orgs)).toBeNull();
    expect(nextMenuIndex('z', 0, orgs)).toBeNull();
    expect(nextMenuIndex('ArrowDown', 0, [])).toBeNull();
  });
});
