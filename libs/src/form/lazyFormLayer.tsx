import { lazy, type ComponentProps } from 'react';
import { useOpenedOnce } from '@steward/libs/ui/core';
import { AntdTheme, LoadingText } from '@steward/libs/ui';
import { withWords } from '@steward/libs/i18n';
import { later } from '@steward/libs/messages';
import type * as FormLayer from './formLayer';

/**
 * The form layer (antd's Form and the heavy inputs and dialogs) as the editor's public components: each
 * fetches formLayer.ts (and antd, AntdTheme) the first time one draws, so a list that offers Add New or Edit does not load
 * it before a form opens. A dialog or inline editor that has never been open draws nothing and loads
 * nothing.
 */
const loadFormLayer = () => import('./formLayer');

/** Starts fetching the form layer (with a dialog's own code, so the two do not load one after the other). */
export const preloadFormLayer = (): Promise<unknown> => loadFormLayer();

const LazyFieldInput = lazy(() => loadFormLayer().then((layer) => ({ default: layer.FieldInput })));
const LazyUploadField = lazy(() => loadFormLayer().then((layer) => ({ default: layer.UploadField })));
const LazyFieldsForm = lazy(() => loadFormLayer().then((layer) => ({ default: layer.FieldsForm })));
const LazyRecordEditorForm = lazy(() => loadFormLayer().then((layer) => ({ default: layer.RecordEditorForm })));
const LazyRecordEditorModal = lazy(() => loadFormLayer().then((layer) => ({ default: layer.RecordEditorModal })));
const LazyInlineEditor = lazy(() => loadFormLayer().then((layer) => ({ default: layer.InlineEditor })));

export function FieldInput(props: ComponentProps<typeof FormLayer.FieldInput>) {
  return (
    <AntdTheme>
      <LazyFieldInput {...props} />
    </AntdTheme>
  );
}

export function UploadField(props: ComponentProps<typeof FormLayer.UploadField>) {
  return (
    <AntdTheme>
      <LazyUploadField {...props} />
    </AntdTheme>
  );
}

export function FieldsForm(props: ComponentProps<typeof FormLayer.FieldsForm>) {
  return (
    <AntdTheme>
      <LazyFieldsForm {...props} />
    </AntdTheme>
  );
}

export function RecordEditorForm(props: ComponentProps<typeof FormLayer.RecordEditorForm>) {
  return (
    <AntdTheme>
      <LazyRecordEditorForm {...props} />
    </AntdTheme>
  );
}

/** 'New {label}' / 'Edit {label}': loads the form layer when the editor first opens. */
export function RecordEditorModal(props: ComponentProps<typeof FormLayer.RecordEditorModal>) {
  const opened = useOpenedOnce(Boolean(props.editor.modalProps.open));
  if (!opened) return null;
  return (
    <AntdTheme>
      <LazyRecordEditorModal {...props} />
    </AntdTheme>
  );
}

/** The detail page's inline field editor: loads the form layer when it first opens. */
export function InlineEditor(props: ComponentProps<typeof FormLayer.InlineEditor>) {
  if (!props.editor.open) return null;
  return (
    <AntdTheme>
      <LazyInlineEditor {...props} />
    </AntdTheme>
  );
}

const LazyRecordHistory = lazy(() => withWords(import('./history/RecordHistory'), later).then((module) => ({ default: module.RecordHistory })));

/** Who changed what on one record: drawn with antd, so it loads (with antd) when first shown. */
export function RecordHistoryPanel(props: ComponentProps<typeof LazyRecordHistory>) {
  return (
    <AntdTheme
      fallback={
        <p style={{ margin: 0 }}>
          <LoadingText />
        </p>
      }
    >
      <LazyRecordHistory {...props} />
    </AntdTheme>
  );
}
