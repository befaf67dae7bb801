import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { useEditorRequests, type EditorRequest, type EditorRequests } from '@steward/libs/ui/core';
import { useOpenOnRequest } from './openOnRequest';

type Name = 'task' | 'subtask';
const opened: string[] = [];
let page: EditorRequests<Name> | null = null;

/** The editors as a page mounts them once asked: each open is recorded. */
function Editors({ request }: { request: EditorRequest<Name> | null }) {
  const [, redraw] = useState(0);
  const editor = (name: Name) => ({
    openEdit: (record: Record<string, unknown> | string) => opened.push(`${name}: edit ${typeof record === 'string' ? record : String(record.id)}`),
    openCreate: (defaults: Record<string, unknown> = {}) => opened.push(`${name}: new ${JSON.stringify(defaults)}`),
  });
  useOpenOnRequest(request, { task: editor('task'), subtask: editor('subtask') });
  return <button onClick={() => redraw((count) => count + 1)}>Redraw</button>;
}

function Page() {
  const editors = useEditorRequests<Name>();
  page = editors;
  return editors.wanted ? <Editors request={editors.request} /> : <p>No editors yet</p>;
}

/** A page's one editor: it answers every ask, whatever editor the ask names. */
function OneEditor({ request }: { request: EditorRequest<Name> | null }) {
  useOpenOnRequest(request, { openEdit: (record) => opened.push(`one: edit ${String(record)}`), openCreate: () => opened.push('one: new') });
  return null;
}

describe('record editors asked for before their code is there', () => {
  it('a page’s one editor answers every ask', () => {
    opened.length = 0;
    const { rerender } = render(<OneEditor request={{ editor: 'task', seq: 1, mode: 'edit', record: 'id-1' }} />);
    rerender(<OneEditor request={{ editor: 'task', seq: 2, mode: 'create', defaults: {} }} />);
    expect(opened).toEqual(['one: edit id-1', 'one: new']);
    opened.length = 0;
  });

  it('mount on the first ask and open what was asked, once per ask', () => {
    render(<Page />);
    expect(screen.getByText('No editors yet')).toBeInTheDocument();
    expect(opened).toEqual([]);
    act(() => page?.openEdit('task', { id: 't1' }));
    expect(opened).toEqual(['task: edit t1']);
    // Drawing again answers no ask twice.
    act(() => screen.getByRole('button', { name: 'Redraw' }).click());
    expect(opened).toEqual(['task: edit t1']);
    act(() => page?.openCreate('subtask', { task_id: 't1' }));
    act(() => page?.openEdit('task', 'id-2'));
    // The same record asked for again is a new ask.
    act(() => page?.openEdit('task', 'id-2'));
    expect(opened).toEqual(['task: edit t1', 'subtask: new {"task_id":"t1"}', 'task: edit id-2', 'task: edit id-2']);
  });
});
