import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionContext, signedInSession } from '@steward/libs/session';
import { getLanguageState, setLocale } from '@steward/libs/i18n';
import { notify } from '@steward/libs/ui/core';
import { LanguageSwitcher } from './LanguageSwitcher';

function renderSwitcher(save: (authUserId: string, orgName: string, language: string) => Promise<void>) {
  const reload = vi.fn();
  const session = signedInSession({ id: 'u-1', email: 'owner@cedar.test' }, 'Cedar Grove Outfitters', { reload });
  render(
    <SessionContext.Provider value={session}>
      <LanguageSwitcher save={save} />
    </SessionContext.Provider>,
  );
  return { reload };
}

afterEach(() => setLocale('en'));

describe('the header language menu', () => {
  it('speaks the chosen language at once and keeps it on the person’s profile in this organisation', async () => {
    const save = vi.fn(async () => undefined);
    const { reload } = renderSwitcher(save);
    const menu = screen.getByRole('combobox', { name: 'Your language' });
    expect(menu).toHaveValue('en');
    await userEvent.selectOptions(menu, 'Español');
    await waitFor(() => expect(getLanguageState().locale).toBe('es'));
    // Its own name follows the page's language.
    expect(await screen.findByRole('combobox', { name: 'Tu idioma' })).toHaveValue('es');
    expect(save).toHaveBeenCalledWith('u-1', 'Cedar Grove Outfitters', 'es');
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });

  it('says so when the choice cannot be kept, and the page stays in the chosen language for this visit', async () => {
    const error = vi.spyOn(notify, 'error').mockImplementation(() => undefined as never);
    const { reload } = renderSwitcher(async () => {
      throw new Error('network down');
    });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Your language' }), 'Español');
    await waitFor(() => expect(error).toHaveBeenCalledWith('No se pudo guardar tu idioma: se aplica solo a esta visita.'));
    expect(getLanguageState().locale).toBe('es');
    expect(reload).not.toHaveBeenCalled();
    error.mockRestore();
  });
});
