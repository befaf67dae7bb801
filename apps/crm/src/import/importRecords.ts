import { DataAccessError, errorMessage, getSupabase } from '@steward/libs/data-access';
import { importErrorSchema, type ImportError, type ImportKind, type ImportRow } from './importTargets';

export type ImportOutcome = { ok: true; count: number } | { ok: false; message: string; rowErrors: ImportError[] };

/** The whole file in ONE database call (crm.import_records): either every row is imported or none. */
export async function importRecords(orgName: string, kind: ImportKind, rows: readonly ImportRow[]): Promise<ImportOutcome> {
  try {
    const { data, error } = await getSupabase().schema('crm').rpc('import_records', { p_org_name: orgName, p_kind: kind, p_rows: rows });
    if (error) {
      let rowErrors: ImportError[] = [];
      try {
        const parsed = importErrorSchema.safeParse(JSON.parse(error.details ?? '[]'));
        if (parsed.success) rowErrors = parsed.data;
      } catch {
        rowErrors = [];
      }
      return { ok: false, message: error.message, rowErrors };
    }
    return { ok: true, count: typeof data === 'number' ? data : rows.length };
  } catch (problem) {
    return { ok: false, message: errorMessage(problem instanceof DataAccessError ? problem : problem, 'Import failed'), rowErrors: [] };
  }
}
