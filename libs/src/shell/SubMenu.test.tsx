import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SubMenuProvider, useSubMenu, type SubMenuItem } from './SubMenu';

function Screen({ label }: { label: string }) {
  // Written inline on purpose: a new array on every render must not re-announce the tabs.
  useSubMenu([{ label, path: '/orgsettings' }]);
  return null;
}

describe('useSubMenu', () => {
  it('announces the tabs once per content change and clears them when the screen leaves', () => {
    const setItems = vi.fn<(items: readonly SubMenuItem[] | null) => void>();
    const value = { setItems };
    const { rerender, unmount } = render(
      <SubMenuProvider value={value}>
        <Screen label="Organization" />
      </SubMenuProvider>,
    );
    rerender(
      <SubMenuProvider value={value}>
        <Screen label="Organization" />
      </SubMenuProvider>,
    );
    expect(setItems.mock.calls).toEqual([[[{ label: 'Organization', path: '/orgsettings' }]]]);
    rerender(
      <SubMenuProvider value={value}>
        <Screen label="Org Data" />
      </SubMenuProvider>,
    );
    expect(setItems).toHaveBeenLastCalledWith([{ label: 'Org Data', path: '/orgsettings' }]);
    unmount();
    expect(setItems).toHaveBeenLastCalledWith(null);
  });
});
