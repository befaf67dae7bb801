import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { filterNodeSchema, sortSpecSchema } from '@steward/libs/filter';

// The seeded "Open tasks" saved filter must be stored in the shape the libs reader parses, or the
// demo organisation sees it reported as unreadable instead of applied.
const seed = readFileSync(resolve(__dirname, '../../../../supabase/seed.sql'), 'utf8');

function seededOpenTasks(): { filter: unknown; sort: unknown } {
  const match = /'tasks_filters', 'Open tasks',\s*'([^']*)',\s*'([^']*)'/.exec(seed);
  if (!match?.[1] || !match[2]) throw new Error('The seed has no "Open tasks" saved filter');
  return { filter: JSON.parse(match[1]), sort: JSON.parse(match[2]) };
}

describe('the seeded "Open tasks" saved filter', () => {
  it('is a filter tree and sort the reader accepts: status is not Done, due date first', () => {
    const { filter, sort } = seededOpenTasks();
    expect(filterNodeSchema.safeParse(filter).success).toBe(true);
    expect(filter).toEqual({ operator: 'and', value: [{ field: 'status', operator: 'is_not', value: 'Done' }] });
    expect(sortSpecSchema.safeParse(sort).success).toBe(true);
  });

  it('the old stored shape would have been rejected (so this test can fail)', () => {
    expect(filterNodeSchema.safeParse({ type: 'group', op: 'and', children: [{ field: 'status', operator: 'is not', value: 'Done' }] }).success).toBe(false);
  });
});
