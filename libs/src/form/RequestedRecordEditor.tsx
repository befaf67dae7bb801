import type { AnyRow } from '@steward/libs/data';
import type { EditorRequest } from '@steward/libs/ui/core';
import { useFormWithCustomFields } from './customFields';
import type { FieldDef } from './fieldSchema';
import { RecordEditorModal } from './lazyFormLayer';
import { useOpenOnRequest } from './openOnRequest';
import { useRecordEditor, type RecordEditorOptions } from './useRecordEditor';

export type RequestedRecordEditorProps = Omit<RecordEditorOptions<AnyRow>, 'fields' | 'sections' | 'customKind'> & {
  /** The page's latest ask (useEditorRequests), answered once. */
  request: EditorRequest | null;
  fields: readonly FieldDef[];
  /** The kind of record whose organisation fields follow under "More fields" (settings.custom_fields). */
  customKind?: string | null;
};

/**
 * A page's one record editor, opened by its asks (useEditorRequests): the record editor's dialog over
 * `fields`, with the organisation's own fields of `customKind`. A page loads it lazily and mounts it
 * from its first ask on, so its first view does not wait for the form layer:
 *   const Editor = lazy(() => import('@steward/libs/form').then((form) => ({ default: form.RequestedRecordEditor })));
 */
export function RequestedRecordEditor({ request, fields, customKind = null, ...options }: RequestedRecordEditorProps) {
  const editor = useRecordEditor<AnyRow>({ ...options, ...useFormWithCustomFields(customKind, fields) });
  useOpenOnRequest(request, editor);
  return <RecordEditorModal editor={editor} />;
}
