export {
  FIELD_NAME_PATTERN,
  FILTER_OPERATORS,
  FILTER_OPERATOR_LABELS,
  LIST_OPERATORS,
  TEXT_OPERATORS,
  customFieldId,
  fieldValue,
  VALUELESS_OPERATORS,
  filterConditionSchema,
  filterGroupSchema,
  filterNodeSchema,
  isFilterGroup,
  operatorsForType,
  sortSpecSchema,
  type FieldTypes,
  type FilterCondition,
  type FilterFieldDef,
  type FilterRecordSource,
  type FilterFieldType,
  type FilterGroup,
  type FilterNode,
  type FilterOperator,
  type SortOrder,
  type SortSpec,
} from './filterModel';
export { filterGroupsOf, filterRowsToTree, filterTreeFromGroups, filterTreeToRows, type FilterRow } from './filterPanelRows';
export { compileFilterToListPage, type ListPageFilter } from './compileFilterToListPage';
export { compileFilterToPostgrest, escapeLikePattern, escapeRegexPattern, quotePostgrestValue } from './compileFilterToPostgrest';
export { evaluateFilter, filterRows } from './evaluateFilter';
export { sortRows } from './sortRows';
export {
  FILTER_PARAM,
  FILTER_URL_NOTICE,
  SORT_PARAM,
  SORT_URL_NOTICE,
  decodeFilterParam,
  decodeSortParam,
  encodeFilterParam,
  encodeSortParam,
  filteredListPath,
  type DecodedFilter,
  type DecodedSort,
} from './filterUrlCodec';
