import { useEffect, useRef } from 'react';
import type { EditorRequest } from '@steward/libs/ui/core';
import type { AnyRow } from '@steward/libs/data';

type Opens = { readonly openEdit: (record: AnyRow | string) => void; readonly openCreate: (defaults?: AnyRow) => void };

const isEditor = (value: object): value is Opens => typeof (value as Partial<Opens>).openEdit === 'function';

/**
 * Opens the editor a page asked for (useEditorRequests in ui/core), once each ask: the one that made
 * these editors mount, and every later one. `editors` names each editor, or is the page's one editor.
 */
export function useOpenOnRequest<Name extends string>(request: EditorRequest<Name> | null, editors: Readonly<Record<Name, Opens>> | Opens): void {
  const handled = useRef(0);
  useEffect(() => {
    if (!request || request.seq === handled.current) return;
    handled.current = request.seq;
    const editor = isEditor(editors) ? editors : editors[request.editor];
    if (request.mode === 'edit') editor.openEdit(request.record);
    else editor.openCreate(request.defaults);
  }, [request, editors]);
}
