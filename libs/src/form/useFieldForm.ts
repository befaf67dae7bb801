import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLanguage } from '@steward/libs/i18n';
import type { FieldDef } from './fieldSchema';
import { formValuesFromRow, rowValuesFromForm, sameFormValue, type FormValue, type FormValues } from './fieldValues';
import { validateRecord, type FieldErrors } from './validateRecord';
import { t } from '@steward/libs/messages';

export type FieldFormState = {
  /** The values the form was opened with (from the row, or the defaults of a new one). */
  initial: FormValues;
  values: FormValues;
  errors: FieldErrors;
  /** "Please fix the highlighted fields." while a field is still in error. */
  banner: string | null;
};

const stateFor = (fields: readonly FieldDef[], row: Readonly<Record<string, unknown>> | null): FieldFormState => {
  const values = formValuesFromRow(fields, row);
  return { initial: values, values, errors: {}, banner: null };
};

/**
 * The one form engine of the platform: the values of a set of FieldDefs, their required rules and
 * readable values (validateRecord), per-field errors and the banner, and what the person changed.
 * Every record form — the generic editor, the CRM's Add New, the invite form and the settings
 * forms — keeps its fields here and renders them with FieldsForm; what a form writes, and how, is
 * the form's own business (the @steward/libs/data write path).
 */
export function useFieldForm(fields: readonly FieldDef[], initialRow: Readonly<Record<string, unknown>> | null = null) {
  const [state, setState] = useState<FieldFormState>(() => stateFor(fields, initialRow));
  // The latest state for async steps (a save, a late read), so they never act on a stale snapshot.
  const stateRef = useRef(state);
  stateRef.current = state;

  // The rules' messages on screen (what validate showed), so a switch of language can re-word them.
  const ruleErrors = useRef<FieldErrors>({});
  const { locale } = useLanguage();
  const shownIn = useRef(locale);
  useEffect(() => {
    if (shownIn.current === locale) return;
    shownIn.current = locale;
    // A switch of language re-words the rules' messages still showing and the banner; an error given
    // by someone else (a server's refusal of an upload) stays as it was given.
    setState((current) => {
      if (!current.banner && Object.keys(current.errors).length === 0) return current;
      const fresh = validateRecord(fields, current.values);
      const errors = Object.fromEntries(
        Object.entries(current.errors).map(([name, message]) => [name, message === ruleErrors.current[name] && fresh[name] ? fresh[name] : message]),
      );
      ruleErrors.current = Object.fromEntries(Object.entries(errors).filter(([name, message]) => fresh[name] === message));
      return { ...current, errors, banner: current.banner ? t('form.fixFields') : null };
    });
  }, [locale, fields]);

  /** Starts over from a row (or blank): values, errors and banner. */
  const reset = useCallback((row: Readonly<Record<string, unknown>> | null = null) => setState(stateFor(fields, row)), [fields]);

  /**
   * A fresher copy of the row the form shows. `keepEdits`: what the person typed meanwhile stays over
   * it (and still counts as a change); otherwise the row is taken whole.
   */
  const load = useCallback(
    (row: Readonly<Record<string, unknown>>, { keepEdits = false }: { keepEdits?: boolean } = {}) =>
      setState((current) => {
        const latest = formValuesFromRow(fields, row);
        const edited = keepEdits ? Object.fromEntries(Object.entries(current.values).filter(([name, value]) => value !== current.initial[name])) : {};
        return { initial: latest, values: { ...latest, ...edited }, errors: {}, banner: null };
      }),
    [fields],
  );

  /** One field's new value; its error goes, and the banner with the last error. */
  const setValue = useCallback((name: string, value: FormValue) => {
    setState((current) => {
      const { [name]: _cleared, ...errors } = current.errors;
      return { ...current, values: { ...current.values, [name]: value }, errors, banner: Object.keys(errors).length ? current.banner : null };
    });
  }, []);

  /** Marks one field in error (an upload the server refused). */
  const setError = useCallback((name: string, message: string) => setState((current) => ({ ...current, errors: { ...current.errors, [name]: message } })), []);

  /** Shows errors found by a rule outside the fields' own (a schema the database mirrors), with the banner. */
  const fail = useCallback((errors: FieldErrors) => setState((current) => ({ ...current, errors, banner: t('form.fixFields') })), []);

  /** Checks every rule; false (with the errors and the banner shown) when something must be fixed. */
  const validate = useCallback((): boolean => {
    const errors = validateRecord(fields, stateRef.current.values);
    ruleErrors.current = errors;
    const valid = Object.keys(errors).length === 0;
    setState((current) => ({ ...current, errors, banner: valid ? null : t('form.fixFields') }));
    return valid;
  }, [fields]);

  /** The editable fields as the database stores them (what a new row sends). */
  const rowValues = useCallback(() => rowValuesFromForm(fields, stateRef.current.values), [fields]);

  const dirty = useMemo(() => fields.some((field) => !sameFormValue(state.initial[field.name], state.values[field.name])), [fields, state.initial, state.values]);

  return { ...state, fields, dirty, stateRef, reset, load, setValue, setError, fail, validate, rowValues };
}

export type FieldFormApi = ReturnType<typeof useFieldForm>;
