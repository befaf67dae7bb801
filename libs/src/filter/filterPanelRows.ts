// Converters between the filter tree (the one applied shape, in the URL) and the rows the filter panel edits.
import type { FilterCondition, FilterNode, FilterOperator } from './filterModel';
import { isFilterGroup } from './filterModel';

/** One line of the filter panel. `join` links it to the line above; OR starts a new group. */
export type FilterRow = { join: 'and' | 'or'; field: string; operator: FilterOperator; value: string };

/**
 * Builds the tree the panel means: lines joined by AND form a group, and every OR starts a new group,
 * so the result is an OR of AND-groups (the first line's join is ignored).
 */
export function filterRowsToTree(rows: readonly FilterRow[]): FilterNode | null {
  if (rows.length === 0) return null;
  const groups: FilterCondition[][] = [];
  rows.forEach((row, index) => {
    const condition: FilterCondition = { field: row.field, operator: row.operator, value: row.value };
    if (index === 0 || row.join === 'or') groups.push([condition]);
    else groups[groups.length - 1]?.push(condition);
  });
  return { operator: 'or', value: groups.map((conditions) => ({ operator: 'and', value: conditions })) };
}

/**
 * The inverse for trees of that shape (OR of AND-groups, a single AND-group, or one condition).
 * Returns null for any other nesting, which the panel cannot show as lines.
 */
export function filterTreeToRows(tree: FilterNode | null): FilterRow[] | null {
  if (!tree) return [];
  const asGroups = (node: FilterNode): FilterCondition[] | null => {
    if (!isFilterGroup(node)) return [node];
    if (node.operator !== 'and') return null;
    const conditions: FilterCondition[] = [];
    for (const child of node.value) {
      if (isFilterGroup(child)) return null;
      conditions.push(child);
    }
    return conditions;
  };
  let groups: FilterCondition[][];
  if (isFilterGroup(tree) && tree.operator === 'or') {
    const parts = tree.value.map(asGroups);
    if (parts.some((part) => part === null)) return null;
    groups = parts as FilterCondition[][];
  } else {
    const single = asGroups(tree);
    if (!single) return null;
    groups = [single];
  }
  const rows: FilterRow[] = [];
  for (const group of groups) {
    group.forEach((condition, index) => {
      rows.push({
        join: index === 0 && rows.length > 0 ? 'or' : 'and',
        field: condition.field,
        operator: condition.operator,
        value: condition.value ?? '',
      });
    });
  }
  return rows;
}
