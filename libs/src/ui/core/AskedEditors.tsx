import { Suspense, type ReactNode } from 'react';
import type { EditorRequests } from './editorRequests';

/**
 * A page's editors, drawn from its first ask on (useEditorRequests' `wanted`), and kept, so an open
 * editor stays open; nothing shows while their code loads (the ask opens them once it is in).
 *   <AskedEditors editors={editors}><StayEditor request={editors.request} /></AskedEditors>
 */
export function AskedEditors({ editors, children }: { editors: Pick<EditorRequests<string>, 'wanted'>; children: ReactNode }) {
  return editors.wanted ? <Suspense fallback={null}>{children}</Suspense> : null;
}
