import { useEffect, useMemo } from 'react';
import type { AnyRow } from '@steward/libs/data';
import { useCustomFields } from '@steward/libs/form';
import { AddNewDialog, useAddNewDialog, type AddNewConfig } from '../addNew';

/**
 * The Add New dialog and its state, loaded the first time Add New is pressed (its form, inputs and
 * dialog are not needed to show a list). Each new `request` (a press of the button) opens it.
 */
export default function AddNewFlow({ config: given, kind, request }: { config: AddNewConfig<AnyRow>; kind: string; request: number }) {
  // The organisation's required fields of this kind are asked for too (the database refuses a new
  // record without them); the others take their defaults and are filled in on the record's page.
  const custom = useCustomFields(kind);
  const config = useMemo(() => {
    const required = custom.fieldDefs.filter((field) => field.requiredByDatabase);
    // A copy that keeps the definition's words as getters (they follow the page's language), with the fields added.
    return required.length ? Object.defineProperties({ ...given }, { ...Object.getOwnPropertyDescriptors(given), fields: { value: [...given.fields, ...required], enumerable: true } }) : given;
  }, [given, custom.fieldDefs]);
  const dialog = useAddNewDialog<AnyRow>(config);
  const open = dialog.buttonProps.onClick;
  useEffect(() => {
    if (request > 0) open();
  }, [open, request]);
  return <AddNewDialog dialog={dialog} />;
}
