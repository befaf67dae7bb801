// The editor's drawing parts: antd's Form, inputs, selects, uploads and dialogs. Loaded the first time a
// form opens (see lazyFormLayer.tsx), never with the list or page that offers it.
export { FieldInput } from './FieldInput';
export { UploadField } from './UploadField';
export { FieldsForm } from './FieldsForm';
export { RecordEditorForm } from './RecordEditorForm';
export { RecordEditorModal } from './RecordEditorModal';
export { InlineEditor } from './InlineEditor';
