import { useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex } from '@steward/libs/ui/antd';
import { Input, Select } from '@steward/libs/ui/antd-data';
import { errorMessage, queryKeys } from '@steward/libs/data';
import { DataTable } from '@steward/libs/list';
import { useSession } from '@steward/libs/session';
import { PAYMENT_KINDS, addStayPayment, fetchStayMoney, money, paymentSchema, type PaymentKind, type StayPayment } from './deskApi';

const KIND_LABEL = Object.fromEntries(PAYMENT_KINDS.map((kind) => [kind.value, kind.label])) as Record<PaymentKind, string>;

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
export function StayMoney({ reservationId, currency = 'USD', canRecord = true }: { reservationId: string; currency?: string; canRecord?: boolean }) {
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
      if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? 'Check the amount.');
      await addStayPayment(session.orgName ?? '', reservationId, parsed.data);
    },
    onSuccess: async () => {
      setAmount('');
      setMethod('');
      setProblem(null);
      await queryClient.invalidateQueries({ queryKey: queryKeys.schema('catalog') });
    },
    onError: (error) => setProblem(errorMessage(error, 'The payment could not be recorded.')),
  });
  const balance = money_.data?.balance;
  return (
    <section className="stw-desk-section" aria-labelledby={`${amountId}-title`}>
      <h3 id={`${amountId}-title`}>Payments</h3>
      {money_.error ? <Alert type="error" showIcon title={errorMessage(money_.error, 'Failed to load payments.')} /> : null}
      {balance ? (
        <dl className="stw-desk-balance" style={{ display: 'grid', gridTemplateColumns: 'auto auto', gap: '2px 16px', margin: '0 0 8px', width: 'max-content' }}>
          <dt>Total</dt>
          <dd style={{ margin: 0 }}>{money(balance.total_amount, currency)}</dd>
          <dt>Paid</dt>
          <dd style={{ margin: 0 }}>{money(balance.paid_amount, currency)}</dd>
          <dt>Refunded</dt>
          <dd style={{ margin: 0 }}>{money(balance.refunded_amount, currency)}</dd>
          <dt>
            <strong>Balance due</strong>
          </dt>
          <dd style={{ margin: 0 }} data-testid="balance-due">
            <strong>{money(balance.balance_due, currency)}</strong>
          </dd>
        </dl>
      ) : null}
      {money_.data && money_.data.payments.length > 0 ? (
        <DataTable<StayPayment>
          label="Payment lines"
          rowKey={(line) => line.id}
          rows={money_.data.payments}
          placeholder={null}
          columns={[
            { key: 'date', title: 'Date', render: (line) => new Date(line.paid_at).toLocaleDateString() },
            { key: 'kind', title: 'Kind', render: (line) => KIND_LABEL[line.line_type] ?? line.line_type },
            { key: 'method', title: 'Method' },
            { key: 'amount', title: 'Amount', align: 'end', render: (line) => money(line.qty * line.unit_price - line.discount_amount, currency) },
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
              <label htmlFor={kindId}>Kind</label>
              <Select id={kindId} value={kind} onChange={(value: PaymentKind) => setKind(value)} options={[...PAYMENT_KINDS]} style={{ width: 120 }} />
            </Flex>
            <Flex vertical gap={2}>
              <label htmlFor={amountId}>Amount</label>
              <Input id={amountId} inputMode="decimal" value={amount} onChange={(event) => setAmount(event.target.value)} style={{ width: 120 }} />
            </Flex>
            <Flex vertical gap={2}>
              <label htmlFor={methodId}>Method</label>
              <Input id={methodId} value={method} placeholder="Card, cash…" onChange={(event) => setMethod(event.target.value)} style={{ width: 140 }} />
            </Flex>
            <Button htmlType="submit" loading={take.isPending}>
              Record {KIND_LABEL[kind].toLowerCase()}
            </Button>
          </Flex>
          {problem ? <Alert type="error" showIcon title={problem} style={{ marginTop: 8 }} /> : null}
        </form>
      ) : null}
    </section>
  );
}
