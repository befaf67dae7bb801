import { useMemo, useState } from 'react';
import { Alert, Button, Flex, Typography } from '@steward/libs/ui/antd';
import { errorMessage, tableRef, type AnyRow } from '@steward/libs/data';
import { FieldsForm, useFieldForm, type FieldDef } from '@steward/libs/form';
import { DataTable } from '@steward/libs/list';
import { LoadingText, todayLocal } from '@steward/libs/ui';
import { formatDate, formatMoney, formatNumber, getLanguageState, intlLocale } from '@steward/libs/i18n';
import { field } from '../records/commonFields';
import { later } from '../i18n';
import { useAccess, useSession } from '@steward/libs/session';
import type { OwnerColumn } from '../addNew';
import type { CrmRow } from '../records/crmRow';
import { issuesByField } from '../contactMethods/methodRules';
import { FormDialog } from '@steward/libs/ui/antd-data';
import { useTabSave } from '../records/useTabSave';
import { TabSelect } from '../records/TabField';
import { useCrmWrites } from '../records/useCrmWrites';
import { useRecordTransactions, useStatementBranding, type Branding } from './financialApi';
import { GivingStatement } from './GivingStatement';
import { TRANSACTION_TYPES, amountOf, transactionTypeLabel, statementFor, totalsByYear, transactionFormSchema, type StatementData, type TransactionRow, type YearTotal } from './giving';

const { t, useT } = later;

const transactions = tableRef<AnyRow>('public', 'transactions');

const str = (value: unknown) => (typeof value === 'string' ? value : '');

function addressLines(row: CrmRow): string[] {
  const cityLine = [str(row.city), [str(row.state), str(row.zip)].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [str(row.address_line_1), str(row.address_line_2), str(row.address_line_3), cityLine, str(row.country)].filter(Boolean);
}

/** Builds what a statement shows; exported for the benchmark and tests. */
export function buildStatement(row: CrmRow, orgName: string, branding: Branding, rows: readonly TransactionRow[], year: number): StatementData {
  const { gifts, total } = statementFor(rows, year);
  return {
    orgName,
    logoUrl: branding.logoUrl,
    accent: branding.accent,
    year,
    name: str(row.preferred_addressee) || str(row.name),
    addressLines: addressLines(row),
    gifts,
    total,
  };
}

/** The organisation's currency as the person's locale writes it ("$" for USD in English). */
function currencySymbol(): string {
  const { locale, currency } = getLanguageState();
  return new Intl.NumberFormat(intlLocale(locale), { style: 'currency', currency }).formatToParts(0).find((part) => part.type === 'currency')?.value ?? currency;
}

const TRANSACTION_FIELDS: readonly FieldDef[] = [
  field('date', 'transaction.date', { type: 'date', required: true }),
  {
    name: 'amount',
    get label() {
      return t('transaction.amountIn', { currency: currencySymbol() });
    },
    required: true,
  },
  field('transaction_type', 'transaction.type', {
    type: 'choice',
    options: TRANSACTION_TYPES.map((type) => ({
      value: type,
      get label() {
        return transactionTypeLabel(type);
      },
    })),
  }),
  field('description', 'transaction.description'),
];

function AddTransactionDialog({ ownerColumn, recordId, onClose }: { ownerColumn: OwnerColumn; recordId: string; onClose: () => void }) {
  const t = useT();
  const writes = useCrmWrites();
  const form = useFieldForm(TRANSACTION_FIELDS, { date: todayLocal(), transaction_type: 'payment' });
  const { busy, alert, run } = useTabSave(onClose);
  const save = () => {
    const parsed = transactionFormSchema.safeParse(form.stateRef.current.values);
    if (parsed.success)
      void run(async () => {
        await writes.insert(transactions, { ...parsed.data, [ownerColumn]: recordId });
      });
    else form.fail(issuesByField(parsed.error.issues));
  };
  return (
    <FormDialog title={t('transaction.add')} busy={busy} alert={form.banner ?? alert} onClose={onClose} onSave={save}>
      <FieldsForm form={form} idPrefix="transaction" disabled={busy} />
    </FormDialog>
  );
}

/**
 * The Financial tab: the record's transactions newest first (a household's include its members'),
 * totals by year, Add Transaction, and a year-end giving statement for a chosen year.
 */
export function FinancialTab({ ownerColumn, record, canEdit }: { ownerColumn: OwnerColumn; record: CrmRow; canEdit: boolean }) {
  const t = useT();
  const session = useSession();
  // A transaction is a record of Operations: adding one also needs create access there.
  const operations = useAccess('operations');
  const canAdd = canEdit && operations.create;
  const list = useRecordTransactions(record.id);
  const [adding, setAdding] = useState(false);
  const rows = useMemo(() => list.data ?? [], [list.data]);
  const totals = useMemo(() => totalsByYear(rows), [rows]);
  const thisYear = new Date().getFullYear();
  const years = useMemo(() => [...new Set([thisYear, ...totals.map((total) => total.year)])].sort((a, b) => b - a), [thisYear, totals]);
  const [year, setYear] = useState<number>(() => thisYear - 1);
  const [showStatement, setShowStatement] = useState(false);
  // Read with the tab, so "Show statement" draws at once.
  const branding = useStatementBranding(session.orgName, true);
  const statementYears = years.includes(year) ? years : [...years, year].sort((a, b) => b - a);
  return (
    <Flex vertical gap={16}>
      {canAdd ? (
        <div>
          <Button onClick={() => setAdding(true)}>{t('transaction.add')}</Button>
        </div>
      ) : null}
      {list.isLoading ? <Typography.Text><LoadingText /></Typography.Text> : null}
      {list.error ? <Alert type="error" showIcon title={errorMessage(list.error, t('common.unknownError'))} /> : null}
      {list.data ? (
        <>
          <section aria-label={t('financial.totalsByYear')}>
            <Typography.Title level={3} style={{ fontSize: 16 }}>
              {t('financial.totalsByYear')}
            </Typography.Title>
            {totals.length === 0 ? (
              <Typography.Text type="secondary">{t('financial.none')}</Typography.Text>
            ) : (
              <DataTable<YearTotal>
                label={t('financial.totalsByYear')}
                rowKey={(total) => String(total.year)}
                rows={totals}
                placeholder={null}
                columns={[
                  { key: 'year', title: t('financial.year') },
                  { key: 'count', title: t('financial.transactions'), render: (total) => formatNumber(total.count) },
                  { key: 'given', title: t('financial.given'), render: (total) => formatMoney(total.given) },
                  { key: 'net', title: t('financial.net'), render: (total) => formatMoney(total.net) },
                ]}
              />
            )}
          </section>
          <section aria-label={t('financial.transactions')}>
            <Typography.Title level={3} style={{ fontSize: 16 }}>
              {t('financial.transactions')}
            </Typography.Title>
            {rows.length === 0 ? (
              <Typography.Text type="secondary">{t('financial.none')}</Typography.Text>
            ) : (
              <DataTable<TransactionRow>
                label={t('financial.transactions')}
                rowKey={(row) => row.id}
                rows={rows}
                placeholder={null}
                columns={[
                  { key: 'date', title: t('transaction.date'), render: (row) => formatDate(row.date) },
                  { key: 'type', title: t('transaction.type'), render: (row) => transactionTypeLabel(row.transaction_type) },
                  { key: 'description', title: t('transaction.description'), render: (row) => row.description ?? '—' },
                  { key: 'amount', title: t('financial.amount'), align: 'end', render: (row) => formatMoney(amountOf(row)) },
                ]}
              />
            )}
          </section>
          <section aria-label={t('financial.yearEnd')}>
            <Typography.Title level={3} style={{ fontSize: 16 }}>
              {t('financial.yearEnd')}
            </Typography.Title>
            <Flex gap={8} align="end" wrap style={{ marginBottom: 12 }}>
              <TabSelect
                id="statement-year"
                label={t('financial.statementYear')}
                value={String(year)}
                onChange={(value) => setYear(Number(value))}
                options={statementYears.map((option) => ({ value: String(option), label: String(option) }))}
              />
              <Button onClick={() => setShowStatement(true)}>{t('financial.showStatement')}</Button>
            </Flex>
            {showStatement ? (
              branding.data ? (
                <GivingStatement data={buildStatement(record, session.orgName ?? '', branding.data, rows, year)} />
              ) : (
                <Typography.Text><LoadingText /></Typography.Text>
              )
            ) : null}
          </section>
        </>
      ) : null}
      {adding ? <AddTransactionDialog ownerColumn={ownerColumn} recordId={record.id} onClose={() => setAdding(false)} /> : null}
    </Flex>
  );
}
