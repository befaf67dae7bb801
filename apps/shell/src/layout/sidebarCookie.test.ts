import { describe, expect, it } from 'vitest';
import { readSidebarPinned, sidebarCookie } from './sidebarCookie';

describe('sidebar cookie', () => {
  it('keeps the state for seven days', () => {
    expect(sidebarCookie(true)).toBe('sidebar_state=true; path=/; max-age=604800; samesite=lax');
  });

  it('reads the state back among other cookies', () => {
    expect(readSidebarPinned('theme=dark; sidebar_state=true')).toBe(true);
    expect(readSidebarPinned('sidebar_state=false')).toBe(false);
    expect(readSidebarPinned('')).toBe(false);
  });
});
