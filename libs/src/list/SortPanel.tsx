import { Button, Flex } from '@steward/libs/ui/antd';
import { Card, Select } from '@steward/libs/ui/antd-data';
import type { SortOrder } from '@steward/libs/filter';
import type { FilterState } from './useFilterState';
import { later } from '@steward/libs/messages';

const { useT } = later;

/** The Sort panel: up to three keys, each ascending or descending; applied on request. */
export function SortPanel({ state, labels, onClose }: { state: FilterState; labels: Readonly<Record<string, string>>; onClose?: () => void }) {
  const t = useT();
  const options = state.sortable.map((field) => ({ value: field, label: labels[field] ?? field }));
  const keys = state.draftSort;
  const setKey = (index: number, patch: Partial<{ field: string; order: SortOrder }>) =>
    state.setSortDraft(keys.map((key, i) => (i === index ? { ...key, ...patch } : key)));
  return (
    <Card size="small" title={t('toolbar.sort')} role="region" aria-label={t('toolbar.sort')} extra={onClose ? <Button size="small" type="text" onClick={onClose} aria-label={t('sortPanel.close')}>✕</Button> : null}>
      <Flex vertical gap={8}>
        {keys.map((key, index) => (
          <Flex key={index} gap={6} align="center" role="group" aria-label={t('sortPanel.key', { line: index + 1 })}>
            <Select aria-label={t('sortPanel.field', { line: index + 1 })} style={{ minWidth: 160 }} value={key.field} onChange={(field: string) => setKey(index, { field })} options={options} />
            <Select
              aria-label={t('sortPanel.direction', { line: index + 1 })}
              style={{ width: 140 }}
              value={key.order}
              onChange={(order: SortOrder) => setKey(index, { order })}
              options={[
                { value: 'asc', label: t('sortPanel.ascending') },
                { value: 'desc', label: t('sortPanel.descending') },
              ]}
            />
            <Button type="text" aria-label={t('sortPanel.remove', { line: index + 1 })} onClick={() => state.setSortDraft(keys.filter((_, i) => i !== index))}>
              ✕
            </Button>
          </Flex>
        ))}
        <Flex gap={8}>
          <Button disabled={keys.length >= 3 || options.length === 0} onClick={() => state.setSortDraft([...keys, { field: options[0]?.value ?? '', order: 'asc' }])}>
            {t('sortPanel.add')}
          </Button>
          <span style={{ flex: 1 }} />
          <Button type="primary" onClick={() => state.applySort()}>
            {t('filterPanel.apply')}
          </Button>
        </Flex>
      </Flex>
    </Card>
  );
}
