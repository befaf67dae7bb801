import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { setCurrency } from '@steward/libs/i18n';
import { MemoryRouter } from '@steward/libs/router';
import type { Permission } from '@steward/libs/session';
import { renderWithStack } from '@steward/libs/testing';
import { CurrencyNote } from './CurrencyNote';

const LINE = "Amounts are in the organization's currency (EUR), set in Settings → Org Data.";

function settings(view: string): Permission {
  return { component_name: 'settings', create_access: 'none', view_access: view, edit_access: 'None', delete_access: 'None' };
}

function renderNote(view: string) {
  setCurrency('EUR');
  return renderWithStack(<CurrencyNote />, {
    session: { permissions: [settings(view)], profiles: [{ id: 'profile-me', auth_user_id: 'auth-1', org_name: 'Test Org', role_id: 'r1', name: 'Demo', email: 'demo@steward.dev' }] },
    wrapper: (children) => <MemoryRouter>{children}</MemoryRouter>,
  });
}

afterEach(() => setCurrency('USD'));

describe('Lodging Settings’ currency line', () => {
  it('names the organisation’s currency and links to Org Data for a person who may open Settings', () => {
    const { container } = renderNote('Organization');
    expect(container.textContent).toBe(LINE);
    expect(screen.getByRole('link', { name: 'Settings → Org Data' })).toHaveAttribute('href', '/orgsettings');
  });

  it('says the same without a link for a person who may not open Settings', () => {
    const { container } = renderNote('None');
    expect(container.textContent).toBe(LINE);
    expect(screen.queryByRole('link')).toBeNull();
  });
});
