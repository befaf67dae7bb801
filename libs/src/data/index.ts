export { authStorageKey, getDatabase, hasStoredSession, isAuthSessionMissing, loadSupabase, onSupabaseLoaded, setSupabase, type Database } from '@steward/libs/boot';
export { tableRef, type AnyRow, type SchemaName, type TableRef } from './tableRef';
export { SYSTEM_DEFAULT_ORG, isSystemDefaultRow, orgScopeFor } from '../org-scope/orgScope';
export {
  DataAccessError,
  answerReason,
  databaseMessage,
  errorMessage,
  refusalOf,
  toDataAccessError,
  type DataAccessErrorKind,
  type Refusal,
} from './DataAccessError';
export { EXPORT_PAGE_SIZE, readRowPages } from './rowPages';
export { EXACT_COUNT_LIMIT, FETCH_ALL_CHUNK, LIST_PAGE_SIZE, buildListQuery, fetchAllRows, fetchList, type EqValue, type ListRequest, type ListResult } from './listQuery';
export {
  SERVER_OWNED_FIELDS,
  archiveRecord,
  changedFields,
  deleteRecord,
  fetchRecord,
  insertRecord,
  insertRecords,
  updateRecord,
  updateWhere,
  upsertRecord,
  writeFieldsForInsert,
  type RecordMatch,
  type UpdateOutcome,
  type UpdateRequest,
  type WriteContext,
} from './records';
export {
  ACCOMMODATIONS_BUCKET,
  ORG_ASSETS_BUCKET,
  accommodationFilePath,
  orgAssetPath,
  sanitizeFileName,
  sanitizeOrgName,
  uploadAccommodationFile,
  uploadOrgAsset,
  RECORD_FILES_BUCKET,
  RECORD_FILE_URL_SECONDS,
  recordFilePath,
  recordFileUrl,
  removeRecordFile,
  uploadRecordFile,
  privateFileUrl,
  removePrivateFile,
  uploadPrivateFile,
  type UploadBody,
  type UploadResult,
} from './storageUpload';
export { OPTIONS_LIMIT, fetchRelationOptions, type RelationOption, type RelationSource } from './relationOptions';
export { deleteSavedFilter, fetchSavedFilters, saveFilter, savedFiltersTable, updateSavedFilter, unreadableSavedFilterMessage, type SavedFilter } from './savedFilters';
export { callFunction, functionRef, type FunctionRef } from './callFunction';
export { queryKeys } from './queryKeys';
export {
  HISTORY_PAGE_SIZE,
  bulkDelete,
  bulkUpdate,
  eraseContact,
  fetchHistoryPage,
  fetchPossibleDuplicates,
  mergeRecords,
  qualifiedTable,
  setArchived,
  undoBatch,
  useLifecycleMutation,
  useRecordHistory,
  type BulkDeleteOutcome,
  type BulkOutcome,
  type DuplicatePair,
  type EraseOutcome,
  type HistoryAction,
  type HistoryEntry,
  type HistoryVia,
  type MergeKind,
  type MergeOutcome,
  type UndoOutcome,
} from './lifecycle';
export { cachedRowId, prefetchList } from './earlyReads';
export { listQueryOptions, useCallFunction, useInsert, useList, useRecord, useRelationOptions, useSavedFilters, useUpdate } from './queryHooks';
export { callRpc } from './rpc';
export {
  CUSTOM_FIELD_COLUMNS,
  CUSTOM_FIELD_TYPES,
  CUSTOM_PREFIX,
  DEFAULT_CURRENCY,
  LINK_KINDS,
  RECORD_KINDS,
  choiceLabel,
  customFieldName,
  customFieldsQueryOptions,
  customFieldsTable,
  customIdOf,
  customValueOf,
  customValueText,
  fetchCustomFields,
  fieldsOfKind,
  formatMoney,
  isEmptyCustomValue,
  parseCustomField,
  useCustomFieldDefinitions,
  useOrgCurrency,
  type CustomChoice,
  type CustomFieldDef,
  type CustomFieldType,
  type LinkKind,
  type RecordKind,
} from './customFields';
export { useCustomFieldsOfKind } from './customFields';
export { CustomValue, LinkedRecordName, linkSource } from './customValue';
