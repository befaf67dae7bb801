import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '@steward/libs/router';
import { DetailLayout } from './DetailLayout';

const renderDetail = (props: Partial<Parameters<typeof DetailLayout>[0]> = {}) =>
  render(
    <MemoryRouter>
      <DetailLayout backTo="/businesses" header={<h2>Acme</h2>} contactMethods={<p>Phones here</p>} notes={<p>No notes to display.</p>} tabsLabel="Household sections" {...props} />
    </MemoryRouter>,
  );

describe('DetailLayout', () => {
  it('opens on Contact Methods, with Go back to the list', () => {
    renderDetail();
    expect(screen.getByRole('link', { name: 'Go back' })).toHaveAttribute('href', '/businesses');
    expect(screen.getByRole('tab', { name: 'Contact Methods' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('Phones here')).toBeVisible();
    expect(screen.getByRole('tablist')).toBeInTheDocument();
  });

  it('switches to Notes and Financial, which says it is coming soon', async () => {
    const user = userEvent.setup();
    renderDetail();
    await user.click(screen.getByRole('tab', { name: 'Notes' }));
    expect(screen.getByText('No notes to display.')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Financial' }));
    expect(screen.getByText('Financial data coming soon.')).toBeInTheDocument();
  });

  it('places extra tabs after Notes and before Financial', async () => {
    const user = userEvent.setup();
    renderDetail({ extraTabs: [{ key: 'files', label: 'Files', children: <p>No files yet.</p> }] });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Contact Methods', 'Notes', 'Files', 'Financial']);
    await user.click(screen.getByRole('tab', { name: 'Files' }));
    expect(screen.getByText('No files yet.')).toBeVisible();
  });

  it('shows "Loading…" and the not-found message instead of the record', () => {
    const { unmount } = renderDetail({ loading: true });
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    unmount();
    renderDetail({ notFound: 'Business not found.' });
    expect(screen.getByText('Business not found.')).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).toBeNull();
  });
});
