/**
 * The selected rows' action bar while its code (and antd) loads: the bar's own frame at the height of
 * one row of its controls, so the table below does not move when the bar arrives. The bar appears the
 * moment the first row is selected; a second click aimed at the next row lands where the person saw it.
 */
export function BulkActionsPlaceholder() {
  return (
    <div className="stw-bulk-actions" aria-hidden="true">
      <div className="stw-bulk-actions__placeholder" />
    </div>
  );
}
