import { QueryClient } from '@tanstack/react-query';
import { setSupabase } from '@steward/libs/data';
import { findRoute } from '@steward/libs/shell';
import { createRecordingClient, TEST_ORG } from '@steward/libs/testing';
import area from './area';

const orgScope = [TEST_ORG, '_system_default_'];

function prefetch(pathname: string, search = '') {
  const { client, requests } = createRecordingClient(() => ({ body: [], headers: { 'content-range': '*/0' } }));
  setSupabase(client);
  const queryClient = new QueryClient();
  area.prefetch?.({ route: findRoute(pathname)?.path ?? '', pathname, search: new URLSearchParams(search), queryClient, orgScope });
  return requests;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('CRM route prefetch', () => {

  it.each([
    ['/businesses', 'businesses_view'],
    ['/contacts', 'contacts_view'],
    ['/households', 'households_view'],
    ['/household', 'households_view'],
    ['/users/', 'user_profiles_view'],
    ['/directory', 'user_profiles_view'],
  ])('starts the first page of %s (%s), scoped to the organisation, by name, with its exact count', async (pathname, view) => {
    const requests = prefetch(pathname);
    await settle();
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request?.url.pathname).toBe(`/rest/v1/${view}`);
    expect(request?.url.searchParams.get('org_name')).toBe(`in.(${TEST_ORG},_system_default_)`);
    expect(request?.url.searchParams.get('order')).toMatch(/^name\.asc/);
    expect(request?.headers.get('prefer')).toContain('count=estimated');
  });

  it('follows the URL: one record, a filter', async () => {
    const requests = prefetch('/contacts', 'short_id=C123&f=[[["name","contains","ann"]]]');
    await settle();
    // A text filter: the page and its rows come from list_page_rows (through the indexes), with the record and the filter.
    expect(requests[0]?.url.pathname).toBe('/rest/v1/rpc/list_page_rows');
    expect(requests[0]?.body).toMatchObject({ p_relation: 'crm.contacts_view', p_eq: { short_id: 'C123' }, p_filter: { field: 'name', op: 'contains', value: 'ann' } });
  });

  it('starts nothing for screens that are not lists', async () => {
    for (const pathname of ['/business/B1', '/users/new', '/user/U1/edit', '/user-management']) expect(prefetch(pathname)).toHaveLength(0);
    await settle();
  });
});
