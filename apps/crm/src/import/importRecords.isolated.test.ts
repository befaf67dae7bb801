import { beforeEach, describe, expect, it, vi } from 'vitest';
import { allCatalogsLoaded, setLocale } from '@steward/libs/i18n';
import { finishImport, importProblems, problemText, startImportJob } from './importRecords';

// The import dialog shows the database's own words when it refuses an import (ImportWizard puts the
// outcome's message, or the thrown error's, in its error alert): these calls must pass them on exactly.
const answer = vi.hoisted(() => ({ error: null as null | { message: string; code: string; details: string | null; hint?: string } }));

vi.mock('@steward/libs/data', async (importOriginal) => {
  const original = await importOriginal<typeof import('@steward/libs/data')>();
  const result = () => Promise.resolve({ data: null, error: answer.error });
  const table = { insert: () => ({ select: () => ({ single: result }) }) };
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
