import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from '@steward/libs/router';
import { renderWithStack, chooseOption, type Answer, type CapturedRequest } from '../testing';
import { useFilterState } from './useFilterState';
import { FilterPanel } from './FilterPanel';
import { SavedFilters } from './SavedFilters';

const fields = [
  { field: 'title', label: 'Title' },
  { field: 'status', label: 'Status' },
];
const saved = [
  { id: 'f1', list_key: 'tasks_filters', name: 'Open tasks', filter: { operator: 'or', value: [{ operator: 'and', value: [{ field: 'status', operator: 'is', value: 'Open' }] }] }, sort: [{ field: 'title', order: 'desc' }] },
  { id: 'f2', list_key: 'tasks_filters', name: 'Broken', filter: { nonsense: true }, sort: [] },
];

function Location() {
  const location = useLocation();
  return <output aria-label="location">{decodeURIComponent(location.search.replace(/\+/g, ' '))}</output>;
}

function Panel() {
  const state = useFilterState({ fields, sortable: ['title'] });
  return <FilterPanel state={state} savedFilters={<SavedFilters listKey="tasks_filters" state={state} />} />;
}

function renderPanel(respond: (req: CapturedRequest) => Answer) {
  return renderWithStack(<Panel />, {
    respond,
    wrapper: (children) => (
      <MemoryRouter initialEntries={['/tasks']}>
        {children}
        <Location />
      </MemoryRouter>
    ),
  });
}

describe('saved filters', () => {
  it('lists the user\'s filters for this list (reporting, not applying, unreadable ones) and applies one to the URL', async () => {
    const { requests } = renderPanel(() => ({ body: saved }));
    const group = await screen.findByRole('group', { name: 'Saved filters' });
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]?.url.pathname).toBe('/rest/v1/saved_filters');
    expect(requests[0]?.headers.get('accept-profile')).toBe('settings');
    expect(requests[0]?.url.searchParams.get('list_key')).toBe('eq.tasks_filters');
    await chooseOption('Saved filter', 'Open tasks', group);
    expect(document.querySelector('.ant-select-item-option[title="Broken"]')).toHaveClass('ant-select-item-option-disabled');
    expect(within(group).getByText('The saved filter "Broken" cannot be read, so it was not applied.')).toBeVisible();
    expect(within(group).queryByText('The saved filter "Open tasks" cannot be read, so it was not applied.')).toBeNull();
    await waitFor(() => expect(screen.getByLabelText('location')).toHaveTextContent('?f=[[["status","is","Open"]]]&sort=-title'));
    // The panel's draft follows the applied filter.
    expect(screen.getByLabelText('Value 1')).toHaveValue('Open');
  });

  it('saves the panel\'s conditions under a name for the active organisation', async () => {
    const user = userEvent.setup();
    const { requests } = renderPanel((req) => (req.method === 'POST' ? { status: 201, body: { id: 'f9', list_key: 'tasks_filters', name: 'Mine', filter: (req.body as { filter: unknown }).filter, sort: [] } } : { body: [] }));
    const panel = await screen.findByRole('region', { name: 'Filters' });
    await user.click(within(panel).getByRole('button', { name: 'Add condition' }));
    await user.type(within(panel).getByLabelText('Value 1'), 'report');
    await user.type(within(panel).getByLabelText('Filter name'), 'Mine');
    await user.click(within(panel).getByRole('button', { name: 'Save filter' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'POST')).toBe(true));
    const post = requests.find((r) => r.method === 'POST');
    expect(post?.url.searchParams.get('on_conflict')).toBe('profile_id,list_key,name');
    expect(post?.headers.get('prefer')).toContain('resolution=merge-duplicates');
    expect(post?.body).toEqual({
      list_key: 'tasks_filters',
      name: 'Mine',
      filter: { operator: 'or', value: [{ operator: 'and', value: [{ field: 'title', operator: 'contains', value: 'report' }] }] },
      sort: [],
      org_name: 'Cedar Grove Outfitters',
    });
  });
});
