import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from '@steward/libs/router';
import { Alert, Button, Flex, Typography } from '@steward/libs/ui/antd';
import { errorMessage, fetchPossibleDuplicates, type DuplicatePair, type MergeKind } from '@steward/libs/data';
import { usePageTitle } from '@steward/libs/shell';
import { DataTable, LOADING_TEXT } from '@steward/libs/list';
import { MergePanel } from './MergePanel';
import { MERGE_ENTITIES } from './mergeEntities';
import './duplicates.css';

export const NO_DUPLICATES_TEXT = 'No possible duplicates found.';

/**
 * Possible duplicates of one kind (same e-mail, same phone number, or very similar names), found by
 * the database; choosing a pair opens the merge screen below the list.
 */
export function DuplicatesPage() {
  const { kind = '' } = useParams();
  const entity = MERGE_ENTITIES[kind as MergeKind];
  const [pair, setPair] = useState<DuplicatePair | null>(null);
  const queryClient = useQueryClient();
  const title = entity ? `Possible duplicates: ${entity.listTitle}` : 'Possible duplicates';
  usePageTitle(title);
  const duplicates = useQuery({
    queryKey: ['steward', 'crm', 'duplicates', kind],
    queryFn: () => fetchPossibleDuplicates(kind as MergeKind),
    enabled: Boolean(entity),
  });
  if (!entity) return <Typography.Text>Only contacts, businesses and households can be merged.</Typography.Text>;
  const pairs = duplicates.data ?? [];
  return (
    <Flex vertical gap={16}>
      <Link to={entity.listPath}>Go back</Link>
      <Typography.Title level={2} style={{ margin: 0 }}>
        {title}
      </Typography.Title>
      {duplicates.isLoading ? <Typography.Text>{LOADING_TEXT}</Typography.Text> : null}
      {duplicates.error ? <Alert type="error" showIcon title={errorMessage(duplicates.error, 'Possible duplicates could not be loaded.')} /> : null}
      {duplicates.isSuccess && pairs.length === 0 ? <Typography.Text>{NO_DUPLICATES_TEXT}</Typography.Text> : null}
      {pairs.length > 0 ? (
        <DataTable<DuplicatePair>
          label={title}
          rowKey={(candidate) => `${candidate.a_id}:${candidate.b_id}`}
          rows={pairs}
          placeholder={null}
          columns={[
            { key: 'a_label', title: 'Record' },
            { key: 'b_label', title: 'Possible duplicate' },
            { key: 'reason', title: 'Why' },
            {
              key: 'action',
              title: 'Action',
              titleHidden: true,
              render: (candidate) => (
                <Button onClick={() => setPair(candidate)} aria-label={`Compare ${candidate.a_label} and ${candidate.b_label}`}>
                  Compare
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
