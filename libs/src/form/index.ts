export { editableFieldNames, fieldTypeOf, isEditable, sectionFields, visibleFields, type FieldDef, type FieldSection, type FieldType, type SelectOption, type UploadBucket } from './fieldSchema';
export { columnOfField, formValuesFromRow, fromFormValue, rowValuesFromForm, sameFormValue, toFormValue, type FormValue, type FormValues } from './fieldValues';
export { HEX_COLOR, validateRecord, type FieldErrors } from './validateRecord';
export { requiredMessage } from './editorMessages';
export { useFieldForm, type FieldFormApi, type FieldFormState } from './useFieldForm';
export type { FieldsFormProps } from './FieldsForm';
export { useRecordEditor, type EditorMode, type RecordEditorApi, type RecordEditorOptions } from './useRecordEditor';
export type { FieldInputProps } from './fieldInputProps';
// The drawing parts, loaded when a form first opens (lazyFormLayer.tsx).
export { FieldInput, FieldsForm, InlineEditor, RecordEditorForm, RecordEditorModal, UploadField, preloadFormLayer } from './lazyFormLayer';
export { RecordHistoryPanel } from './lazyFormLayer';
export type { RecordHistoryProps } from './history/RecordHistory';
export { OpenRecordEffect, useAddressedRecord } from './OpenRecordEffect';
export { useOpenOnRequest } from './openOnRequest';
export { RequestedRecordEditor, type RequestedRecordEditorProps } from './RequestedRecordEditor';
export { CustomFieldValues, customDefaults, moreFieldsSection, customFieldDef, customFieldDefs, useCustomFields, useFormWithCustomFields, withMoreFields } from './customFields';
