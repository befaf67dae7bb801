import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { SessionContext, signedInSession } from '@steward/libs/session';
import { OrgSwitcher } from './OrgSwitcher';

vi.mock('../branding/fetchBranding', () => ({
  brandingQueryKey: (org: string | null) => ['branding', org],
  fetchBranding: vi.fn(() => new Promise(() => undefined)),
}));

const ORGS = ['Cedar Grove Outfitters', 'Lakeside Community Church', 'Maple Makers'];

function renderSwitcher(switchOrg = vi.fn()) {
  const session = signedInSession({ id: 'u-1', email: 'owner@cedar.test' }, 'Lakeside Community Church', { orgList: ORGS, switchOrg });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SessionContext.Provider value={session}>
        <OrgSwitcher />
        <button type="button">Sign Out</button>
      </SessionContext.Provider>
    </QueryClientProvider>,
  );
  return { switchOrg, trigger: screen.getByRole('button', { name: 'Organization: Lakeside Community Church' }) };
}

describe('OrgSwitcher', () => {
  it('keeps its (empty) place in the header until the session names the organisation', () => {
    const loading = signedInSession({ id: 'u-1', email: 'owner@cedar.test' }, 'Cedar', { orgName: null, orgList: [], loading: true });
    const { container } = render(
      <QueryClientProvider client={new QueryClient()}>
        <SessionContext.Provider value={loading}>
          <OrgSwitcher />
        </SessionContext.Provider>
      </QueryClientProvider>,
    );
    expect(container.querySelector('.stw-org-switcher-wrap')).toBeEmptyDOMElement();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('opens on Enter with the active organisation checked and focused', async () => {
    const user = userEvent.setup();
    const { trigger } = renderSwitcher();
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    trigger.focus();
    await user.keyboard('{Enter}');
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    const items = screen.getAllByRole('menuitemradio');
    expect(items.map((item) => item.textContent)).toEqual(ORGS);
    expect(screen.getByRole('menuitemradio', { name: 'Lakeside Community Church' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('menuitemradio', { name: 'Lakeside Community Church' })).toHaveFocus();
    expect(screen.getByRole('menu', { name: 'Organizations' })).toBeInTheDocument();
  });

  it('moves with the arrows and a letter, and Escape closes it with focus back on the switcher', async () => {
    const user = userEvent.setup();
    const { trigger, switchOrg } = renderSwitcher();
    trigger.focus();
    await user.keyboard('{ArrowDown}');
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitemradio', { name: 'Maple Makers' })).toHaveFocus();
    await user.keyboard('c');
    expect(screen.getByRole('menuitemradio', { name: 'Cedar Grove Outfitters' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
    expect(switchOrg).not.toHaveBeenCalled();
  });

  it('switches to the chosen organisation by keyboard or click, focus back on the switcher', async () => {
    const user = userEvent.setup();
    const { trigger, switchOrg } = renderSwitcher();
    await user.click(trigger);
    await user.keyboard('{ArrowUp}{Enter}');
    expect(switchOrg).toHaveBeenCalledWith('Cedar Grove Outfitters');
    expect(trigger).toHaveFocus();
    await user.click(trigger);
    await user.click(screen.getByRole('menuitemradio', { name: 'Maple Makers' }));
    expect(switchOrg).toHaveBeenLastCalledWith('Maple Makers');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('choosing the active organisation just closes the list', async () => {
    const user = userEvent.setup();
    const { trigger, switchOrg } = renderSwitcher();
    await user.click(trigger);
    await user.keyboard('{Enter}');
    expect(switchOrg).not.toHaveBeenCalled();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('a click elsewhere or Tab closes it and leaves focus where it went', async () => {
    const user = userEvent.setup();
    const { trigger } = renderSwitcher();
    await user.click(trigger);
    await user.click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign Out' })).toHaveFocus();
    await user.click(trigger);
    await user.tab();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });
});
