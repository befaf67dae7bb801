import { useCallback, useRef, useState } from 'react';
import { useOpenedOnce } from './openedOnce';

type Row = Record<string, unknown>;

/** A page's ask to open one of its record editors: a record to edit (its row, or its id), or a new one. */
export type EditorRequest<Name extends string = string> = { readonly editor: Name; readonly seq: number } & (
  | { readonly mode: 'edit'; readonly record: Row | string }
  | { readonly mode: 'create'; readonly defaults: Row }
);

export type EditorRequests<Name extends string> = {
  /** The latest ask, null until the first. */
  readonly request: EditorRequest<Name> | null;
  /** Whether the page mounts its editors: from the first ask (or a record named in the address) on, for good, so an open editor stays. */
  readonly wanted: boolean;
  readonly openEdit: (editor: Name, record: Row | string) => void;
  readonly openCreate: (editor: Name, defaults?: Row) => void;
};

/**
 * A page's record editors, asked to open before their code is there: the page keeps the asks, which
 * need no form code, and mounts its editors (a lazily loaded component) from the first ask on; there
 * `useOpenOnRequest` (libs/form) opens the editor asked for. So a list or a timeline whose rows open
 * an editor does not load the form layer with its first view.
 */
export function useEditorRequests<Name extends string>({ addressed = false }: { addressed?: boolean } = {}): EditorRequests<Name> {
  const [request, setRequest] = useState<EditorRequest<Name> | null>(null);
  const wanted = useOpenedOnce(request !== null || addressed);
  const seq = useRef(0);
  const openEdit = useCallback((editor: Name, record: Row | string) => {
    seq.current += 1;
    setRequest({ editor, seq: seq.current, mode: 'edit', record });
  }, []);
  const openCreate = useCallback((editor: Name, defaults: Row = {}) => {
    seq.current += 1;
    setRequest({ editor, seq: seq.current, mode: 'create', defaults });
  }, []);
  return { request, wanted, openEdit, openCreate };
}
