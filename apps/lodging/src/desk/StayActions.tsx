import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Flex } from '@steward/libs/ui/antd';
import { errorMessage, queryKeys } from '@steward/libs/data';
import { useAccess } from '@steward/libs/session';
import { toast } from '@steward/libs/ui';
import { useT } from '../i18n';
import { NEXT_STATUSES, STATUS_ACTION_LABELS, setStayStatus, statusLabel, type StayStatus } from './deskApi';

const PRIMARY: ReadonlySet<StayStatus> = new Set(['Confirmed', 'Checked in', 'Checked out']);

/**
 * One click per move a stay's status allows from where it is (Confirm, Check in, Check out, Cancel
 * stay, …). `only` narrows the buttons (the desk's lists show check-in and check-out alone). After a
 * move, every lodging read is refreshed. Shown only when the role may edit this stay.
 */
export function StayActions({
  id,
  status,
  name,
  row,
  only,
  onDone,
}: {
  id: string;
  status: StayStatus;
  name: string;
  /** The stay as read (with its Personal columns, created_by): a Personal editor moves only their own stays. */
  row: unknown;
  only?: readonly StayStatus[];
  onDone?: (status: StayStatus) => void;
}) {
  const t = useT();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<StayStatus | null>(null);
  // Moving a stay changes the reservation: a role that may not edit this stay (edit None, or Personal
  // and someone else's stay) gets no buttons.
  const canChange = useAccess().canEditRow(row);
  const moves = (NEXT_STATUSES[status] ?? []).filter((next) => !only || only.includes(next));
  if (moves.length === 0 || !canChange) return null;
  const move = async (next: StayStatus) => {
    setBusy(next);
    try {
      await setStayStatus(id, next);
      await queryClient.invalidateQueries({ queryKey: queryKeys.schema('catalog') });
      toast({ title: t('status.moved', { name, status: statusLabel(next) }) });
      onDone?.(next);
    } catch (error) {
      toast({ title: errorMessage(error, t('status.couldNotChange')), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  };
  return (
    <Flex gap={8} wrap>
      {moves.map((next) => (
        <Button
          key={next}
          size="small"
          type={PRIMARY.has(next) ? 'primary' : 'default'}
          danger={next === 'Cancelled'}
          loading={busy === next}
          disabled={busy !== null}
          aria-label={t('status.actionFor', { action: t(STATUS_ACTION_LABELS[next]), name })}
          onClick={() => void move(next)}
        >
          {t(STATUS_ACTION_LABELS[next])}
        </Button>
      ))}
    </Flex>
  );
}
