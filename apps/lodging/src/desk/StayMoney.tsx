import { useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex } from '@steward/libs/ui/antd';
import { Input, Select } from '@steward/libs/ui/antd-data';
import { errorMessage, queryKeys } from '@steward/libs/data';
import { DataTable } from '@steward/libs/list';
import { useSession } from '@steward/libs/session';
import { formatDate, formatMoney } from '@steward/libs/i18n';
import { has, useT } from '../i18n';
import { PAYMENT_KINDS, addStayPayment, fetchStayMoney, paymentSchema, type PaymentKind, type StayPayment } from './deskApi';

/** The query of a stay's payments and balance (refreshed with every lodging write). */
export function useStayMoney(reservationId: string | null) {
  return useQuery({
    queryKey: [...queryKeys.schema('catalog'), 'stay_money', reservationId],
    queryFn: () => fetchStayMoney(reservationId ?? ''),
    enabled: Boolean(reservationId),
  });
}

/**
 * A stay's money: total, paid, refunded and the balance due (all derived by the database), the lines
 * so far, and a deposit, payment or refund taken in one step.
 */
export function StayMoney({ reservationId, currency, canRecord = true }: { reservationId: string; currency?: string; canRecord?: boolean }) {
  const t = useT();
  const session = useSession();
  const queryClient = useQueryClient();
  const money_ = useStayMoney(reservationId);
  const [kind, setKind] = useState<PaymentKind>('deposit');
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const kindId = useId();
  const amountId = useId();
  const methodId = useId();
  const take = useMutation({
    mutationFn: async () => {
      const parsed = paymentSchema.safeParse({ kind, amount, method });
      if (!parsed.success) {
        const id = parsed.error.issues[0]?.message ?? '';
        throw new Error(t(has(id) ? id : 'money.checkAmount'));
      }
      await addStayPayment(session.orgName ?? '', reservationId, parsed.data);
    },
    onSuccess: async () => {
      setAmount('');
      setMethod('');
      setProblem(null);
      await queryClient.invalidateQueries({ queryKey: queryKeys.schema('catalog') });
    },
    onError: (error) => setProblem(errorMessage(error, t('money.couldNotRecord'))),
  });
  const balance = money_.data?.balance;
  return (
    <section className="stw-desk-section" aria-labelledby={`${amountId}-title`}>
      <h3 id={`${amountId}-title`}>{t('money.payments')}</h3>
      {money_.error ? <Alert type="error" showIcon title={errorMessage(money_.error, t('money.loadFailed'))} /> : null}
      {balance ? (
        <dl className="stw-desk-balance" style={{ display: 'grid', gridTemplateColumns: 'auto auto', gap: '2px 16px', margin: '0 0 8px', width: 'max-content' }}>
          <dt>{t('money.total')}</dt>
          <dd style={{ margin: 0 }}>{formatMoney(balance.total_amount, currency)}</dd>
          <dt>{t('money.paid')}</dt>
          <dd style={{ margin: 0 }}>{formatMoney(balance.paid_amount, currency)}</dd>
          <dt>{t('money.refunded')}</dt>
          <dd style={{ margin: 0 }}>{formatMoney(balance.refunded_amount, currency)}</dd>
          <dt>
            <strong>{t('money.balanceDue')}</strong>
          </dt>
          <dd style={{ margin: 0 }} data-testid="balance-due">
            <strong>{formatMoney(balance.balance_due, currency)}</strong>
          </dd>
        </dl>
      ) : null}
      {money_.data && money_.data.payments.length > 0 ? (
        <DataTable<StayPayment>
          label={t('money.lines')}
          rowKey={(line) => line.id}
          rows={money_.data.payments}
          placeholder={null}
          columns={[
            { key: 'date', title: t('money.date'), render: (line) => formatDate(line.paid_at) },
            { key: 'kind', title: t('money.kind'), render: (line) => t('money.kindLabel', { kind: line.line_type }) },
            { key: 'method', title: t('money.method') },
            { key: 'amount', title: t('money.amount'), align: 'end', render: (line) => formatMoney(line.qty * line.unit_price - line.discount_amount, currency) },
          ]}
        />
      ) : null}
      {canRecord ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            take.mutate();
          }}
          style={{ marginTop: 8 }}
        >
          <Flex gap={8} wrap align="end">
            <Flex vertical gap={2}>
              <label htmlFor={kindId}>{t('money.kind')}</label>
              <Select id={kindId} value={kind} onChange={(value: PaymentKind) => setKind(value)} options={PAYMENT_KINDS.map((value) => ({ value, label: t('money.kindLabel', { kind: value }) }))} style={{ width: 120 }} />
            </Flex>
            <Flex vertical gap={2}>
              <label htmlFor={amountId}>{t('money.amount')}</label>
              <Input id={amountId} inputMode="decimal" value={amount} onChange={(event) => setAmount(event.target.value)} style={{ width: 120 }} />
            </Flex>
            <Flex vertical gap={2}>
              <label htmlFor={methodId}>{t('money.method')}</label>
              <Input id={methodId} value={method} placeholder={t('money.methodPlaceholder')} onChange={(event) => setMethod(event.target.value)} style={{ width: 140 }} />
            </Flex>
            <Button htmlType="submit" loading={take.isPending}>
              {t('money.record', { kind })}
            </Button>
          </Flex>
          {problem ? <Alert type="error" showIcon title={problem} style={{ marginTop: 8 }} /> : null}
        </form>
      ) : null}
    </section>
  );
}
