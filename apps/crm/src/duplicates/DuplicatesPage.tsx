import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from '@steward/libs/router';
import { Alert, Button, Flex, Typography } from '@steward/libs/ui/antd';
import { errorMessage, fetchPossibleDuplicates, type DuplicatePair, type MergeKind } from '@steward/libs/data';
import { usePageTitle } from '@steward/libs/shell';
import { DataTable } from '@steward/libs/list';
import { LoadingText } from '@steward/libs/ui';
import { MergePanel } from './MergePanel';
import { MERGE_ENTITIES } from './mergeEntities';
import './duplicates.css';
import { later, type CrmMessageId } from '../i18n';

const { t, useT } = later;

/** Why the database paired two records (crm.possible_duplicates writes these), in the page's language. */
const REASONS: Readonly<Record<string, CrmMessageId>> = {
  'Same e-mail': 'duplicates.reason.email',
  'Same phone number': 'duplicates.reason.phone',
  'Similar names': 'duplicates.reason.names',
};
const reasonLabel = (reason: string) => (REASONS[reason] ? t(REASONS[reason]) : reason);

/**
 * Possible duplicates of one kind (same e-mail, same phone number, or very similar names), found by
 * the database; choosing a pair opens the merge screen below the list.
 */
export function DuplicatesPage() {
  const t = useT();
  const { kind = '' } = useParams();
  const entity = MERGE_ENTITIES[kind as MergeKind];
  const [pair, setPair] = useState<DuplicatePair | null>(null);
  const queryClient = useQueryClient();
  const title = entity ? t('duplicates.titleOf', { list: entity.listTitle }) : t('duplicates.title');
  usePageTitle(title);
  const duplicates = useQuery({
    queryKey: ['steward', 'crm', 'duplicates', kind],
    queryFn: () => fetchPossibleDuplicates(kind as MergeKind),
    enabled: Boolean(entity),
  });
  if (!entity) return <Typography.Text>{t('duplicates.onlyKinds')}</Typography.Text>;
  const pairs = duplicates.data ?? [];
  return (
    <Flex vertical gap={16}>
      <Link to={entity.listPath}>{t('duplicates.goBack')}</Link>
      <Typography.Title level={2} style={{ margin: 0 }}>
        {title}
      </Typography.Title>
      {duplicates.isLoading ? <Typography.Text><LoadingText /></Typography.Text> : null}
      {duplicates.error ? <Alert type="error" showIcon title={errorMessage(duplicates.error, t('duplicates.loadFailed'))} /> : null}
      {duplicates.isSuccess && pairs.length === 0 ? <Typography.Text>{t('duplicates.none')}</Typography.Text> : null}
      {pairs.length > 0 ? (
        <DataTable<DuplicatePair>
          label={title}
          rowKey={(candidate) => `${candidate.a_id}:${candidate.b_id}`}
          rows={pairs}
          placeholder={null}
          columns={[
            { key: 'a_label', title: t('duplicates.record') },
            { key: 'b_label', title: t('duplicates.possibleDuplicate') },
            { key: 'reason', title: t('duplicates.why'), render: (candidate) => reasonLabel(candidate.reason) },
            {
              key: 'action',
              title: t('duplicates.action'),
              titleHidden: true,
              render: (candidate) => (
                <Button onClick={() => setPair(candidate)} aria-label={t('duplicates.compareLabel', { a: candidate.a_label, b: candidate.b_label })}>
                  {t('duplicates.compare')}
                </Button>
              ),
            },
          ]}
        />
      ) : null}
      {pair ? (
        <MergePanel
          key={`${pair.a_id}:${pair.b_id}`}
          kind={kind as MergeKind}
          entity={entity}
          pair={pair}
          onClose={() => setPair(null)}
          onMerged={() => {
            setPair(null);
            void queryClient.invalidateQueries({ queryKey: ['steward', 'crm', 'duplicates', kind] });
          }}
        />
      ) : null}
    </Flex>
  );
}
