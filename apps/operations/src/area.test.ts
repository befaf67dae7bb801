import { QueryClient } from '@tanstack/react-query';
import { setSupabase } from '@steward/libs/data';
import { findRoute } from '@steward/libs/shell';
import { createRecordingClient, TEST_ORG } from '@steward/libs/testing';
import area from './area';

function prefetch(pathname: string) {
  const { client, requests } = createRecordingClient(() => ({ body: [], headers: { 'content-range': '*/0' } }));
  setSupabase(client);
  area.prefetch?.({ route: findRoute(pathname)?.path ?? '', pathname, search: new URLSearchParams(), queryClient: new QueryClient(), orgScope: [TEST_ORG, '_system_default_'] });
  return requests;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('Operations route prefetch', () => {

  it('starts the first page of /tasks with its owner, its record and the subtasks embedded, newest first', async () => {
    const requests = prefetch('/tasks');
    await settle();
    expect(requests).toHaveLength(1);
    expect(requests[0]?.url.pathname).toBe('/rest/v1/tasks_view');
    // What the columns read: the row key, each column's fields, the subtasks embedded, whose task it is.
    expect(requests[0]?.url.searchParams.get('select')).toBe(
      'id,title,description,status,assignee_name,due_date,priority,record_label,record_path,subtasks(id,title,status),org_name,created_by,assignee_id',
    );
    expect(requests[0]?.url.searchParams.get('order')).toMatch(/^created_at\.desc/);
  });

  it('starts nothing for the other screens', async () => {
    for (const pathname of ['/projects', '/transactions', '/calendar']) expect(prefetch(pathname)).toHaveLength(0);
    await settle();
  });
});
