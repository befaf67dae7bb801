// The filter tree is the one applied shape (the URL, the query compiler and saved filters all take it).
// Its usual form is an OR of AND-groups; these helpers read and build that form, and convert it to and
// from the lines the filter panel edits.
import type { FilterCondition, FilterNode, FilterOperator } from './filterModel';
import { isFilterGroup } from './filterModel';

/** One line of the filter panel. `join` links it to the line above; OR starts a new group. */
export type FilterRow = { join: 'and' | 'or'; field: string; operator: FilterOperator; value: string };

/** The tree of an OR of AND-groups of conditions; null when there is no condition. */
export function filterTreeFromGroups(groups: readonly (readonly FilterCondition[])[]): FilterNode | null {
  const nonEmpty = groups.filter((group) => group.length > 0);
  if (nonEmpty.length === 0) return null;
  return { operator: 'or', value: nonEmpty.map((conditions) => ({ operator: 'and', value: [...conditions] })) };
}

/**
 * The AND-groups of a tree of that form (an OR of AND-groups, a single AND-group, or one condition);
 * null for any other nesting, which neither the panel's lines nor the URL's compact form can hold.
 */
export function filterGroupsOf(tree: FilterNode | null): FilterCondition[][] | null {
  if (!tree) return [];
  const asGroup = (node: FilterNode): FilterCondition[] | null => {
    if (!isFilterGroup(node)) return [node];
    if (node.operator !== 'and') return null;
    const conditions: FilterCondition[] = [];
    for (const child of node.value) {
      if (isFilterGroup(child)) return null;
      conditions.push(child);
    }
    return conditions;
  };
  if (isFilterGroup(tree) && tree.operator === 'or') {
    const groups = tree.value.map(asGroup);
    return groups.some((group) => group === null) ? null : (groups as FilterCondition[][]);
  }
  const single = asGroup(tree);
  return single ? [single] : null;
}

/**
 * Builds the tree the panel means: lines joined by AND form a group, and every OR starts a new group,
 * so the result is an OR of AND-groups (the first line's join is ignored).
 */
export function filterRowsToTree(rows: readonly FilterRow[]): FilterNode | null {
  const groups: FilterCondition[][] = [];
  rows.forEach((row, index) => {
    const condition: FilterCondition = { field: row.field, operator: row.operator, value: row.value };
    if (index === 0 || row.join === 'or') groups.push([condition]);
    else groups[groups.length - 1]?.push(condition);
  });
  return filterTreeFromGroups(groups);
}

/** The panel's lines for a tree of that form; null for any other nesting. */
export function filterTreeToRows(tree: FilterNode | null): FilterRow[] | null {
  const groups = filterGroupsOf(tree);
  if (!groups) return null;
  return groups.flatMap((group, groupIndex) =>
    group.map((condition, index) => ({
      join: index === 0 && groupIndex > 0 ? ('or' as const) : ('and' as const),
      field: condition.field,
      operator: condition.operator,
      value: condition.value ?? '',
    })),
  );
}
