import { act, renderHook } from '@testing-library/react';
import { afterAll, describe, expect, it } from 'vitest';
import { setLocale } from '@steward/libs/i18n';
import type { FieldDef } from './fieldSchema';
import { useFieldForm } from './useFieldForm';

const fields: FieldDef[] = [
  { name: 'name', label: 'Name', type: 'text', required: true },
  { name: 'photo', label: 'Photo', type: 'text' },
];

// The page's language is one state for every file this worker runs: it is left as found.
afterAll(async () => {
  await setLocale('en');
});

describe('a form’s messages on screen', () => {
  it('follow a switch of language: the rules’ messages and the banner; an error given from outside stays as given', async () => {
    const { result } = renderHook(() => useFieldForm(fields));
    act(() => {
      result.current.validate();
      result.current.setError('photo', 'Upload failed: too large');
    });
    expect(result.current.errors).toEqual({ name: 'Name is required', photo: 'Upload failed: too large' });
    expect(result.current.banner).toBe('Please fix the highlighted fields.');

    await act(() => setLocale('es'));
    expect(result.current.errors).toEqual({ name: 'Name es obligatorio', photo: 'Upload failed: too large' });
    expect(result.current.banner).toBe('Corrige los campos resaltados.');

    // Typed into since: its message went with it, and no rule brings it back on the next switch.
    act(() => result.current.setValue('name', 'Cabin 9'));
    await act(() => setLocale('en'));
    expect(result.current.errors).toEqual({ photo: 'Upload failed: too large' });
  });
});
