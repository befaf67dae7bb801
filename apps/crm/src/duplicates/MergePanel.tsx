import { useMemo, useState } from 'react';
import { useNavigate } from '@steward/libs/router';
import { Alert, Button, Flex, Typography } from '@steward/libs/ui/antd';
import { errorMessage, mergeRecords, undoBatch, useLifecycleMutation, useRecord, type DuplicatePair, type MergeKind } from '@steward/libs/data';
import { useAccess } from '@steward/libs/session';
import { LoadingText, notify, undoToast } from '@steward/libs/ui';
import { useQueryClient } from '@tanstack/react-query';
import type { CrmEntity } from '../records/crmEntity';
import type { CrmRow } from '../records/crmRow';
import { mergeChoices, shownValue, type Side } from './mergeChoices';
import './duplicates.css';
import { later } from '../i18n';

const { useT } = later;

/**
 * Two records side by side: the person chooses which one stays and, for each field where they differ,
 * whose value it keeps. Merging moves everything attached to the other record (contact methods,
 * addresses, notes, files, relationships, transactions) to the one that stays and archives the other —
 * one transaction in the database, undoable for 24 hours.
 */
export function MergePanel({ kind, entity, pair, onClose, onMerged }: { kind: MergeKind; entity: CrmEntity; pair: DuplicatePair; onClose: () => void; onMerged: () => void }) {
  const t = useT();
  const a = useRecord(entity.view, { id: pair.a_id });
  const b = useRecord(entity.view, { id: pair.b_id });
  const [survivor, setSurvivor] = useState<Side>('a');
  const [picked, setPicked] = useState<Record<string, Side>>({});
  const [confirming, setConfirming] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const access = useAccess();
  const merge = useLifecycleMutation((values: Record<string, unknown>) => {
    const [keep, drop] = survivor === 'a' ? [pair.a_id, pair.b_id] : [pair.b_id, pair.a_id];
    return mergeRecords(kind, keep, drop, values);
  }, 'all');

  const rows = { a: a.data ?? null, b: b.data ?? null };
  const choices = useMemo(() => (rows.a && rows.b ? mergeChoices(entity.editFields, rows.a, rows.b, survivor, picked) : []), [entity.editFields, rows.a, rows.b, survivor, picked]);
  if (a.isLoading || b.isLoading) return <Typography.Text><LoadingText /></Typography.Text>;
  if (!rows.a || !rows.b) return <Alert type="warning" showIcon title={t('merge.gone')} />;
  const labels = { a: pair.a_label, b: pair.b_label };
  const keep = labels[survivor];
  const drop = labels[survivor === 'a' ? 'b' : 'a'];

  // Merging changes the kept record and archives the other: both need edit and delete access.
  const canMerge = [rows.a, rows.b].every((row) => row && access.canEditRow(row) && access.canDeleteRow(row));
  const submit = () => {
    const other: Side = survivor === 'a' ? 'b' : 'a';
    const otherRow = rows[other] as CrmRow;
    const values = Object.fromEntries(choices.filter((choice) => choice.differs && choice.keep === other).map((choice) => [choice.field.name, otherRow[choice.field.name] ?? null]));
    merge.mutate(values, {
      onSuccess: (outcome) => {
        const keptRow = rows[survivor] as CrmRow;
        onMerged();
        void navigate(entity.detailPath(keptRow.short_id));
        undoToast(t('merge.merged', { drop, keep }), () => {
          void undoBatch(outcome.batch_id)
            .then(() => queryClient.invalidateQueries({ queryKey: ['steward'] }))
            .then(() => notify.success(t('merge.undone')))
            .catch((error: unknown) => notify.error(errorMessage(error, t('merge.undoFailed'))));
        });
      },
    });
  };

  return (
    <section aria-label={t('merge.region')} className="stw-merge">
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('merge.heading', { a: pair.a_label, b: pair.b_label })}
      </Typography.Title>
      <table className="stw-merge__table">
        <caption className="stw-visually-hidden">{t('merge.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('merge.field')}</th>
            <th scope="col">{pair.a_label}</th>
            <th scope="col">{pair.b_label}</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">{t('merge.survivor')}</th>
            {(['a', 'b'] as const).map((side) => (
              <td key={side}>
                <label>
                  <input type="radio" name="merge-survivor" checked={survivor === side} onChange={() => setSurvivor(side)} /> {t('merge.keep', { label: labels[side] })}
                </label>
              </td>
            ))}
          </tr>
          {choices.map((choice) => (
            <tr key={choice.field.name}>
              <th scope="row">{choice.field.label}</th>
              {(['a', 'b'] as const).map((side) => {
                const value = shownValue(choice.field, rows[side] as CrmRow, t);
                return (
                  <td key={side}>
                    {choice.differs ? (
                      <label>
                        <input
                          type="radio"
                          name={`merge-${choice.field.name}`}
                          checked={choice.keep === side}
                          onChange={() => setPicked((current) => ({ ...current, [choice.field.name]: side }))}
                          aria-label={t('merge.keepValue', { field: choice.field.label, value: value || t('merge.empty'), label: labels[side] })}
                        />{' '}
                        {value || <span className="stw-merge__empty">{t('merge.empty')}</span>}
                      </label>
                    ) : (
                      value || <span className="stw-merge__empty">{t('merge.empty')}</span>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {merge.error ? <Alert type="error" showIcon title={errorMessage(merge.error, t('merge.failed'))} /> : null}
      {confirming ? (
        <Alert
          type="warning"
          showIcon
          title={t('merge.confirmTitle', { drop, keep })}
          description={t('merge.confirmText', { drop, keep })}
          action={
            <Flex vertical gap={8}>
              <Button type="primary" danger loading={merge.isPending} onClick={submit}>
                {t('merge.merge')}
              </Button>
              <Button onClick={() => setConfirming(false)}>{t('common.cancel')}</Button>
            </Flex>
          }
        />
      ) : (
        <Flex gap={8} align="center" wrap>
          {canMerge ? (
            <Button type="primary" onClick={() => setConfirming(true)}>
              {t('merge.mergeEllipsis')}
            </Button>
          ) : (
            <Typography.Text>{t('merge.notAllowed')}</Typography.Text>
          )}
          <Button onClick={onClose}>{t('merge.close')}</Button>
        </Flex>
      )}
    </section>
  );
}
