import { useCallback, useRef, useState } from 'react';
import { errorMessage } from '@steward/libs/data';
import { csvColumnsOf, type ListColumn } from './listColumn';
import { idsOf, mergeCustomValues, readCustomValues, sensitiveKindOf } from './sensitiveValues';
import { t } from '@steward/libs/messages';

/**
 * The pages with the sensitive values the person may see merged into each row's `custom`, when a
 * column exported is a sensitive field (a table read directly never carries them; a list view does,
 * and the merge changes nothing there): one public.custom_values call per page, as the list shows them.
 */
export async function* withSensitiveValues<Row>(pages: AsyncIterable<readonly Row[]>, kind: string | null): AsyncIterable<readonly Row[]> {
  for await (const page of pages) {
    const ids = kind ? idsOf(page) : [];
    yield kind && ids.length ? mergeCustomValues(page, await readCustomValues(kind, ids)) : page;
  }
}

export type ExportProgress = { written: number; total: number; totalIsEstimate: boolean };

/**
 * The rows written so far, outside React state: only the progress bar subscribes to it, so a progress
 * step redraws the bar, not the whole list page around it.
 */
export type ExportProgressStore = { get: () => ExportProgress | null; subscribe: (listener: () => void) => () => void };

function progressStore() {
  let value: ExportProgress | null = null;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set: (next: ExportProgress | null) => {
      value = next;
      for (const listener of listeners) listener();
    },
  };
}

/**
 * The list's Export: reads every row the list means (not only the page on screen) page by page, writes
 * the CSV as pages arrive in small slices that leave the page free to draw, shows the rows written, can
 * be cancelled, and downloads the file named after the page. The CSV writer (papaparse) is loaded on
 * the first Export, not with every list.
 */
export function useCsvExport<Row>(
  title: string,
  columns: readonly ListColumn<Row>[],
  readPages: (signal?: AbortSignal) => AsyncIterable<readonly Row[]>,
  total: { count: number; isEstimate: boolean },
) {
  const [store] = useState(progressStore);
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const running = useRef<AbortController | null>(null);
  const exportCsv = useCallback(async () => {
    if (running.current) return;
    const controller = new AbortController();
    running.current = controller;
    setExportError(null);
    store.set({ written: 0, total: total.count, totalIsEstimate: total.isEstimate });
    setExporting(true);
    try {
      const { streamCsv, csvFileName, downloadBlob } = await import('./streamCsv');
      const blob = await streamCsv(
        withSensitiveValues(readPages(controller.signal), sensitiveKindOf(columns)),
        csvColumnsOf(columns),
        { signal: controller.signal, onRows: (written) => store.set({ written, total: Math.max(total.count, written), totalIsEstimate: total.isEstimate }) },
      );
      downloadBlob(blob, csvFileName(title));
    } catch (problem) {
      if (!controller.signal.aborted) setExportError(errorMessage(problem, t('export.failed')));
    } finally {
      running.current = null;
      store.set(null);
      setExporting(false);
    }
  }, [columns, readPages, store, title, total.count, total.isEstimate]);
  const cancelExport = useCallback(() => running.current?.abort(), []);
  return { exporting, exportProgress: store as ExportProgressStore, exportError, exportCsv, cancelExport };
}
