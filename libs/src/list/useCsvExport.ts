import { useCallback, useState } from 'react';
import { errorMessage } from '@steward/libs/data-access';
import { exportValueOf, type ListColumn } from './listColumn';

/**
 * The list's Export: loads every row the list means (not only the page on screen), writes them as CSV
 * with the exported columns' titles as the header, and downloads the file named after the page. The CSV
 * writer (papaparse) is loaded on the first Export, not with every list.
 */
export function useCsvExport<Row>(title: string, columns: readonly ListColumn<Row>[], loadAll: () => Promise<readonly Row[]>) {
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const exportCsv = useCallback(async () => {
    setExporting(true);
    setExportError(null);
    try {
      const [rows, { buildCsv, csvFileName, downloadTextFile }] = await Promise.all([loadAll(), import('./exportCsv')]);
      const exported = columns.filter((column) => column.exported !== false);
      downloadTextFile(buildCsv(rows, exported.map((column) => ({ title: column.title, value: (row: Row) => exportValueOf(column, row) }))), csvFileName(title));
    } catch (problem) {
      setExportError(errorMessage(problem, 'Export failed'));
    } finally {
      setExporting(false);
    }
  }, [columns, loadAll, title]);
  return { exporting, exportError, exportCsv };
}
