import { useEffect } from 'react';
import type { AnyRow } from '@steward/libs/data';
import { AddNewDialog, useAddNewDialog, type AddNewConfig } from '../addNew';

/**
 * The Add New dialog and its state, loaded the first time Add New is pressed (its form, inputs and
 * dialog are not needed to show a list). Each new `request` (a press of the button) opens it.
 */
export default function AddNewFlow({ config, request }: { config: AddNewConfig<AnyRow>; request: number }) {
  const dialog = useAddNewDialog<AnyRow>(config);
  const open = dialog.buttonProps.onClick;
  useEffect(() => {
    if (request > 0) open();
  }, [open, request]);
  return <AddNewDialog dialog={dialog} />;
}
