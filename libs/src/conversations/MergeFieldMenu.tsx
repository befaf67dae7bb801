import { useQuery } from '@tanstack/react-query';
import { Typography } from '@steward/libs/ui/antd';
import { Select } from '@steward/libs/ui/antd-data';
import { conversationKeys, fetchMergeFields, type MessageRecordKind } from './conversationsApi';
import { later } from '@steward/libs/messages';

const { useT } = later;

/**
 * "Insert field…": the merge fields of a kind of record (crm.merge_fields, the same for every
 * organisation until a release changes them: read once a session); picking one inserts {{name}}.
 */
export function MergeFieldMenu({ kind, onPick, disabled }: { kind: MessageRecordKind; onPick: (name: string) => void; disabled?: boolean }) {
  const t = useT();
  const fields = useQuery({ queryKey: conversationKeys.mergeFields(kind), queryFn: () => fetchMergeFields(kind), staleTime: Infinity });
  return (
    <Select
      aria-label={t('conversations.insertField')}
      size="small"
      value={null}
      disabled={disabled}
      loading={fields.isLoading}
      style={{ minWidth: 150 }}
      placeholder={<Typography.Text type="secondary">{t('conversations.insertFieldPlaceholder')}</Typography.Text>}
      options={(fields.data ?? []).map((field) => ({ value: field.name, label: field.label }))}
      showSearch={{ optionFilterProp: 'label' }}
      onChange={(name: string) => onPick(name)}
    />
  );
}
