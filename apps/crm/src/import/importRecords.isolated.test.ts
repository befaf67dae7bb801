import { beforeEach, describe, expect, it, vi } from 'vitest';
import { allCatalogsLoaded, setLocale } from '@steward/libs/i18n';
import { IMPORT_CHUNK, IMPORT_CHUNKS_IN_FLIGHT, finishImport, importProblems, problemText, stageRows, startImportJob } from './importRecords';
import type { ImportRow } from './importTargets';

// The import dialog shows the database's own words when it refuses an import (ImportWizard puts the
// outcome's message, or the thrown error's, in its error alert): these calls must pass them on exactly.
const answer = vi.hoisted(() => ({
  error: null as null | { message: string; code: string; details: string | null; hint?: string },
  /** How a staged chunk is answered (the rows sent in it). */
  stage: (_chunk: readonly { line: number }[]) => Promise.resolve({ error: null as null | { message: string; code: string } }),
}));

vi.mock('@steward/libs/data', async (importOriginal) => {
  const original = await importOriginal<typeof import('@steward/libs/data')>();
  const result = () => Promise.resolve({ data: null, error: answer.error });
  const table = { insert: (chunk: readonly { line: number }[]) => ({ select: () => ({ single: result }), abortSignal: () => answer.stage(chunk) }) };
  return { ...original, getDatabase: () => ({ schema: () => ({ rpc: result, from: () => table }) }) };
});

const RUNNING = 'Another import is running for this organization; try again when it has finished.';
const CAPPED = 'This organization already has 10 imports in progress, the most it may have; finish or cancel one first (an import left unfinished is removed after a day).';

describe('a refused import reaches the dialog in the database\'s words', () => {
  beforeEach(() => {
    answer.error = null;
  });

  it('another import running: the import and the check say so', async () => {
    answer.error = { message: RUNNING, code: 'PT409', details: null };
    expect(await finishImport('job')).toEqual({ ok: false, message: RUNNING, rowErrors: [] });
    await expect(importProblems('job')).rejects.toThrow(RUNNING);
  });

  it('too many imports open: starting one says so', async () => {
    answer.error = { message: CAPPED, code: 'PT429', details: null };
    await expect(startImportJob('Org', 'contact')).rejects.toThrow(CAPPED);
  });

  it('lines refused: the refusal and each line’s problem the database names are said in the person’s language, an unnamed one as sent', async () => {
    const refusal = { id: 'import.invalidStatus', message: 'Invalid status "Dormant"', values: { status: 'Dormant' } };
    const lines = [
      { line: 3, message: 'Invalid status "Dormant"', refusal },
      { line: 4, message: 'value too long for type character varying(200)', refusal: null },
    ];
    answer.error = { message: 'Import failed: nothing was imported', code: '23514', details: JSON.stringify(lines), hint: 'steward:import.failed' };
    const english = await finishImport('job');
    expect(english).toEqual({ ok: false, message: 'Import failed: nothing was imported', rowErrors: lines });
    expect(english.ok ? [] : english.rowErrors.map(problemText)).toEqual(['Invalid status "Dormant"', 'value too long for type character varying(200)']);
    await setLocale('es');
    // The database's refusals follow a switch (libs/src/messages/refusals).
    await allCatalogsLoaded();
    try {
      const spanish = await finishImport('job');
      expect(spanish.ok ? null : [spanish.message, spanish.rowErrors.map(problemText)]).toEqual([
        'La importación falló: no se importó nada',
        ['Estado no válido "Dormant"', 'value too long for type character varying(200)'],
      ]);
    } finally {
      await setLocale('en');
    }
  });
});

describe('staging a file', () => {
  const rows = (count: number): ImportRow[] => Array.from({ length: count }, (_, index) => ({ line: index + 2, name: `Person ${index}` }));

  it('sends every line once, two chunks on their way at a time, and counts the rows done', async () => {
    let open = 0;
    let most = 0;
    const sent: number[] = [];
    answer.stage = async (chunk) => {
      open += 1;
      most = Math.max(most, open);
      await new Promise((resolve) => setTimeout(resolve, 1));
      sent.push(...chunk.map((row) => row.line));
      open -= 1;
      return { error: null };
    };
    const progress: number[] = [];
    await stageRows('job', rows(IMPORT_CHUNK * 4 + 7), (done) => progress.push(done), new AbortController().signal);
    expect(most).toBe(IMPORT_CHUNKS_IN_FLIGHT);
    expect(sent.sort((a, b) => a - b)).toEqual(rows(IMPORT_CHUNK * 4 + 7).map((row) => row.line));
    expect(progress.at(-1)).toBe(IMPORT_CHUNK * 4 + 7);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  it('stops at the first refused chunk and says why', async () => {
    let chunks = 0;
    answer.stage = async () => {
      chunks += 1;
      return chunks === 2 ? { error: { message: 'Import rows are limited to 100000', code: '22023' } } : { error: null };
    };
    await expect(stageRows('job', rows(IMPORT_CHUNK * 6), () => undefined, new AbortController().signal)).rejects.toThrow('Import rows are limited to 100000');
    expect(chunks).toBeLessThanOrEqual(3);
  });
});
