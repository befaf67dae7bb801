import { answerReason, errorMessage, getDatabase } from '@steward/libs/data';
import { importErrorSchema, type ImportError, type ImportKind, type ImportRow } from './importTargets';
import { later } from '../i18n';

const { t } = later;

/** Rows sent per request while a file is staged: the progress bar moves once per chunk. */
export const IMPORT_CHUNK = 5000;

/** Chunks on their way at once: one is written by the database while the next is sent. */
export const IMPORT_CHUNKS_IN_FLIGHT = 2;

export type ImportProblem = { line: number; kind: 'error' | 'duplicate'; message: string; refusal?: unknown };

/** A line's problem in the person's language when the database names it, else as it sent it. */
export function problemText(problem: { readonly message: string; readonly refusal?: unknown }): string {
  return answerReason({ reason: problem.message, refusal: problem.refusal }) ?? problem.message;
}
export type ImportOutcome = { ok: true; count: number } | { ok: false; message: string; rowErrors: ImportError[] };

function crm() {
  return getDatabase().schema('crm');
}

/** A new import job of the caller in the organisation (row-level security: theirs only). */
export async function startImportJob(orgName: string, kind: ImportKind): Promise<string> {
  const { data, error } = await crm().from('import_jobs').insert({ org_name: orgName, kind }).select('id').single();
  if (error) throw new Error(errorMessage(error, t('import.couldNotStart')));
  return (data as { id: string }).id;
}

/**
 * Stages the rows in chunks, IMPORT_CHUNKS_IN_FLIGHT at a time (the staged rows are keyed by line, so
 * their order of arrival does not matter); `onProgress` gets the rows done after each. The first
 * failure stops the rest and is thrown. Stops when `signal` aborts.
 */
export async function stageRows(jobId: string, rows: readonly ImportRow[], onProgress: (done: number) => void, signal: AbortSignal): Promise<void> {
  let next = 0;
  let done = 0;
  let failed = false;
  const sendChunks = async () => {
    while (next < rows.length && !failed && !signal.aborted) {
      const chunk = rows.slice(next, next + IMPORT_CHUNK).map((row) => ({ job_id: jobId, ...row }));
      next += IMPORT_CHUNK;
      const { error } = await crm().from('import_rows').insert(chunk).abortSignal(signal);
      if (signal.aborted || failed) return;
      if (error) {
        failed = true;
        throw new Error(errorMessage(error, t('import.couldNotUpload')));
      }
      done += chunk.length;
      onProgress(done);
    }
  };
  await Promise.all(Array.from({ length: IMPORT_CHUNKS_IN_FLIGHT }, sendChunks));
}

/** The staged rows' problems (nothing can be imported while any is left) and likely duplicates, by line. */
export async function importProblems(jobId: string): Promise<ImportProblem[]> {
  const { data, error } = await crm().rpc('import_problems', { p_job: jobId });
  if (error) throw new Error(errorMessage(error, t('import.couldNotCheck')));
  return (data ?? []) as ImportProblem[];
}

/** ONE database call moves every staged row into the organisation's records, or none. */
export async function finishImport(jobId: string): Promise<ImportOutcome> {
  const { data, error } = await crm().rpc('import_job', { p_job: jobId });
  if (!error) return { ok: true, count: typeof data === 'number' ? data : 0 };
  let rowErrors: ImportError[] = [];
  try {
    const parsed = importErrorSchema.safeParse(JSON.parse(error.details ?? '[]'));
    if (parsed.success) rowErrors = parsed.data;
  } catch {
    rowErrors = [];
  }
  // In the person's language when the refusal names its message ("Import failed: nothing was imported").
  return { ok: false, message: errorMessage(error, error.message), rowErrors };
}

/** Cancel: the job and its staged rows are deleted; nothing was imported. */
export async function cancelImportJob(jobId: string): Promise<void> {
  await crm().from('import_jobs').delete().eq('id', jobId);
}
