/** The schemas PostgREST exposes. */
export type SchemaName = 'public' | 'crm' | 'catalog' | 'hr' | 'ops' | 'settings';

export type TableRef<Row> = {
  schema: SchemaName;
  table: string;
  /**
   * Whether writes carry created_by / last_modified_by. Views and the few tables without the audit
   * columns say false.
   */
  audit: boolean;
  /** Phantom: lets hooks infer the row type from the reference. Never set at run time. */
  readonly row?: Row;
};

/**
 * Names one table or view with the shape of its rows, e.g.
 * `const businessesView = tableRef<BusinessView>('crm', 'businesses_view', { audit: false })`.
 */
export function tableRef<Row>(schema: SchemaName, table: string, options: { audit?: boolean } = {}): TableRef<Row> {
  return { schema, table, audit: options.audit ?? true };
}

export type AnyRow = Record<string, unknown>;
