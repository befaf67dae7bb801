import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MobileDrawer } from './MobileDrawer';

function Page() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open menu
      </button>
      <MobileDrawer open={open} onClose={() => setOpen(false)} title="Steward">
        <nav aria-label="Main menu">
          <a href="#projects" onClick={() => setOpen(false)}>
            Projects
          </a>
        </nav>
      </MobileDrawer>
    </>
  );
}

describe('MobileDrawer', () => {
  it('is out of reach while closed: inert, no dialog for assistive technology, its menu not built yet', () => {
    render(<Page />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.querySelector('.stw-drawer')).toHaveAttribute('inert');
    expect(document.querySelector('nav')).toBeNull();
  });

  it('keeps its menu once built, so closing can slide it out', async () => {
    const user = userEvent.setup();
    render(<Page />);
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.keyboard('{Escape}');
    expect(document.querySelector('.stw-drawer nav')).not.toBeNull();
  });

  it('opens as a modal dialog named by its title and takes focus', async () => {
    const user = userEvent.setup();
    render(<Page />);
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const dialog = screen.getByRole('dialog', { name: 'Steward' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveFocus();
    expect(document.querySelector('.stw-drawer')).not.toHaveAttribute('inert');
  });

  it('Escape and the close button close it with focus back on the opener', async () => {
    const user = userEvent.setup();
    render(<Page />);
    const opener = screen.getByRole('button', { name: 'Open menu' });
    await user.click(opener);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
    await user.click(opener);
    await user.click(screen.getByRole('button', { name: 'Close menu' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('a tap on the page behind closes it', async () => {
    const user = userEvent.setup();
    render(<Page />);
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.click(document.querySelector('.stw-drawer__mask') as HTMLElement);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
