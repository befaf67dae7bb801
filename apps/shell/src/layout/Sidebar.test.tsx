import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from '@steward/libs/router';
import { describe, expect, it, vi } from 'vitest';
import { SessionContext, type SessionApi } from '@steward/libs/session';
import { Sidebar } from './Sidebar';

function session(enabledComponents: readonly string[]): SessionApi {
  return {
    user: null,
    userRow: null,
    profiles: [],
    orgName: 'Cedar',
    orgScope: ['Cedar', '_system_default_'],
    roleId: null,
    permissions: [],
    orgList: ['Cedar'],
    enabledComponents,
    loading: false,
    error: null,
    switchOrg: () => undefined,
    signOut: async () => undefined,
    reload: () => undefined,
    refreshPermissions: () => undefined,
  };
}

function renderSidebar(
  path: string,
  enabled: readonly string[] = ['crm', 'catalog', 'lodging', 'team-portal', 'operations', 'settings'],
  expanded = true,
  onGroupIntent?: (owner: string) => void,
) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <SessionContext.Provider value={session(enabled)}>
        <nav aria-label="Main menu">
          <Sidebar expanded={expanded} onGroupIntent={onGroupIntent} />
        </nav>
      </SessionContext.Provider>
    </MemoryRouter>,
  );
}

const group = (name: string) => screen.getByRole('button', { name });

describe('Sidebar', () => {
  it("lists Dashboard and the spec's groups in order, only for enabled components", () => {
    renderSidebar('/dashboard', ['crm', 'operations', 'settings']);
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    const names = screen.getAllByRole('button').map((button) => button.textContent);
    expect(names).toEqual(['CRM', 'Engagement', 'Financial', 'Operations', 'Settings']);
    expect(screen.queryByRole('button', { name: 'Reservations' })).not.toBeInTheDocument();
  });

  it('says which area a group leads to as soon as the pointer, focus or a click reaches it', () => {
    const intent = vi.fn();
    renderSidebar('/dashboard', undefined, true, intent);
    fireEvent.mouseEnter(group('CRM').closest('li') as HTMLElement);
    expect(intent).toHaveBeenLastCalledWith('crm');
    fireEvent.focus(group('Operations'));
    expect(intent).toHaveBeenLastCalledWith('operations');
    fireEvent.click(group('Settings'));
    expect(intent).toHaveBeenLastCalledWith('settings');
  });

  it('opens the group of the current page by itself', () => {
    renderSidebar('/contacts');
    expect(group('CRM')).toHaveAttribute('aria-expanded', 'true');
    expect(group('Catalog')).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('link', { name: 'Contacts' })).toHaveAttribute('aria-current', 'page');
  });

  it('opens a group while hovered and closes it when the pointer leaves', () => {
    renderSidebar('/dashboard');
    const item = group('Team Portal').closest('li') as HTMLElement;
    fireEvent.mouseEnter(item);
    expect(within(item).getByRole('link', { name: 'Team Directory' })).toBeVisible();
    fireEvent.mouseLeave(item);
    expect(group('Team Portal')).toHaveAttribute('aria-expanded', 'false');
  });

  it('keeps a hovered group open when its header is clicked, and toggles it from the keyboard', () => {
    renderSidebar('/dashboard');
    const item = group('Catalog').closest('li') as HTMLElement;
    fireEvent.mouseEnter(item);
    fireEvent.click(group('Catalog'));
    expect(group('Catalog')).toHaveAttribute('aria-expanded', 'true');
    fireEvent.mouseLeave(item);
    expect(group('Catalog')).toHaveAttribute('aria-expanded', 'true');
    fireEvent.click(group('Catalog'));
    expect(group('Catalog')).toHaveAttribute('aria-expanded', 'false');
  });

  it('keeps a group the pointer left downward open until it leaves upward or leaves the menu: nothing moves under the pointer', () => {
    renderSidebar('/dashboard');
    const catalog = group('Catalog').closest('li') as HTMLElement;
    const reservations = group('Reservations').closest('li') as HTMLElement;
    fireEvent.mouseEnter(catalog);
    // Down into Reservations: Catalog stays open, for closing it would pull Reservations up under the pointer.
    fireEvent.mouseEnter(reservations);
    expect(group('Catalog')).toHaveAttribute('aria-expanded', 'true');
    expect(group('Reservations')).toHaveAttribute('aria-expanded', 'true');
    // Back up to Catalog: Reservations, below the pointer, closes.
    fireEvent.mouseEnter(catalog);
    expect(group('Reservations')).toHaveAttribute('aria-expanded', 'false');
    expect(group('Catalog')).toHaveAttribute('aria-expanded', 'true');
    // Up to Dashboard: every group below it closes.
    fireEvent.mouseEnter(screen.getByRole('link', { name: 'Dashboard' }).closest('li') as HTMLElement);
    expect(group('Catalog')).toHaveAttribute('aria-expanded', 'false');
    fireEvent.mouseEnter(reservations);
    // Out of the menu: it closes.
    fireEvent.mouseLeave(reservations.parentElement as HTMLElement);
    expect(group('Reservations')).toHaveAttribute('aria-expanded', 'false');
  });

  it('keeps only the current group\'s rows in the collapsed icon strip, so widening it moves nothing', () => {
    renderSidebar('/contacts', undefined, false);
    expect(group('CRM')).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Contacts' })).toHaveAttribute('aria-current', 'page');
    expect(group('Catalog')).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: 'Supplies' })).not.toBeInTheDocument();
  });
});
