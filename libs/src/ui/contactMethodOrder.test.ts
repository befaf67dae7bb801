import { describe, expect, it } from 'vitest';
import { orderContactMethods } from './contactMethodOrder';

describe('orderContactMethods', () => {
  it('hides archived methods and puts the primary first, then newest first', () => {
    const methods = [
      { id: 'old', created_at: '2026-01-01T00:00:00Z' },
      { id: 'archived', created_at: '2026-03-01T00:00:00Z', archive: true },
      { id: 'new', created_at: '2026-02-01T00:00:00Z', archive: false },
      { id: 'primary', created_at: '2025-01-01T00:00:00Z', is_primary: true },
    ];
    expect(orderContactMethods(methods).map((m) => m.id)).toEqual(['primary', 'new', 'old']);
  });
});
