import { lazy, useCallback, useMemo } from 'react';
import { tableRef, type AnyRow } from '@steward/libs/data';
import { OpenRecordEffect, preloadFormLayer, useAddressedRecord, useFormWithCustomFields, useOpenOnRequest, useRecordEditor, type RecordEditorApi } from '@steward/libs/form';
import { AntdTheme, useOpenedOnce, type EditorRequest } from '@steward/libs/ui';
import { useT } from '../i18n';
import { reservationFields } from './reservationFields';

const reservations = tableRef<AnyRow>('catalog', 'reservations');

/*
 * The booking dialog (antd's Modal, the record editor's form, the stay's money) loads with the form
 * layer when a booking first opens.
 */
const LoadedBookingModal = lazy(() =>
  Promise.all([import('./BookingModal'), preloadFormLayer()]).then(([module]) => ({ default: module.BookingModal })),
);

function BookingModal({ editor }: { editor: RecordEditorApi }) {
  const opened = useOpenedOnce(Boolean(editor.modalProps.open));
  if (!opened) return null;
  return (
    <AntdTheme>
      <LoadedBookingModal editor={editor} />
    </AntdTheme>
  );
}

/**
 * The timeline's stay editor, with the form layer it needs: loaded when the page first asks for it
 * (ReservationsPage), or when the address names a stay (`?stay=<id>`), which then opens with
 * `onAddressed` told first (the timeline moves to its check-in day).
 */
export function StayEditor({ request, onAddressed }: { request: EditorRequest<'stay'> | null; onAddressed: (row: AnyRow) => void }) {
  const t = useT();
  // The organisation's own fields of reservations follow the stay's under "More fields".
  const fields = useMemo(() => reservationFields(t), [t]);
  const editor = useRecordEditor<AnyRow>({ table: reservations, label: t('field.reservation'), ...useFormWithCustomFields('reservation', fields) });
  useOpenOnRequest(request, { stay: editor });
  const { openEdit } = editor;
  const { value: openStayId, done: stayOpened } = useAddressedRecord('stay');
  const openStay = useCallback(
    (row: AnyRow) => {
      onAddressed(row);
      openEdit(row);
    },
    [onAddressed, openEdit],
  );
  return (
    <>
      <BookingModal editor={editor} />
      {openStayId ? <OpenRecordEffect table={reservations} match={{ id: openStayId }} open={openStay} onDone={stayOpened} /> : null}
    </>
  );
}
