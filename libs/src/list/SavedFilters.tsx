import { useState } from 'react';
import { Button, Flex, Typography } from '@steward/libs/ui/antd';
import { Input, Select } from '@steward/libs/ui/antd-data';
import { errorMessage, useSavedFilters } from '@steward/libs/data';
import { useAccess, useSession } from '@steward/libs/session';
import { mayChangeView } from './savedViews';
import type { FilterState } from './useFilterState';
import { later } from '@steward/libs/messages';

const { useT } = later;

/** The signed-in user's named filters for one list (e.g. 'tasks_filters'): apply, save the current one, delete. */
export function SavedFilters({ listKey, state }: { listKey: string; state: FilterState }) {
  const t = useT();
  const { orgName, userRow } = useSession();
  const settingsEditor = useAccess('settings').edit === 'Organization';
  const { query, save, remove } = useSavedFilters(listKey, orgName);
  const [name, setName] = useState('');
  const [selected, setSelected] = useState<string | null>(null);
  const saved = query.data ?? [];
  const current = saved.find((item) => item.id === selected);
  const problem = query.error ?? save.error ?? remove.error;
  // A stored filter the reader cannot parse is named here (and offered disabled), never silently dropped.
  const unreadable = saved.filter((item) => item.problem);
  return (
    <Flex vertical gap={6} role="group" aria-label={t('savedFilters.title')}>
      <Flex gap={6} wrap align="center">
        <Select
          aria-label={t('savedFilters.one')}
          // antd's placeholder grey fails the contrast minimum; secondary text passes.
          placeholder={<Typography.Text type="secondary">{t('savedFilters.title')}</Typography.Text>}
          style={{ minWidth: 180 }}
          loading={query.isLoading}
          value={selected}
          onChange={(id: string) => {
            setSelected(id);
            const chosen = saved.find((item) => item.id === id);
            if (chosen && !chosen.problem) state.applyAll(chosen.filter, chosen.sort);
          }}
          options={saved.map((item) => ({ value: item.id, label: item.name, disabled: Boolean(item.problem) }))}
        />
        <Button
          // A view shared by a colleague is applied here, changed only by its owner or Settings edit.
          disabled={!current || (current.profile_id !== undefined && !mayChangeView(current, userRow?.id, settingsEditor))}
          loading={remove.isPending}
          onClick={() => {
            if (!current) return;
            remove.mutate(current.id, { onSuccess: () => setSelected(null) });
          }}
        >
          {t('common.delete')}
        </Button>
        <Input aria-label={t('savedFilters.name')} placeholder={t('savedFilters.namePlaceholder')} style={{ width: 180 }} value={name} onChange={(event) => setName(event.target.value)} />
        <Button
          disabled={!name.trim() || !orgName}
          loading={save.isPending}
          onClick={() =>
            save.mutate({ name, filter: state.draftTree, sort: state.draftSort }, { onSuccess: (item) => {
              setName('');
              setSelected(item.id);
            } })
          }
        >
          {t('savedFilters.save')}
        </Button>
      </Flex>
      {unreadable.map((item) => (
        <Typography.Text key={item.id} type="warning" role="status">
          {item.problem}
        </Typography.Text>
      ))}
      {problem ? <Typography.Text type="danger">{errorMessage(problem, t('savedFilters.unavailable'))}</Typography.Text> : null}
    </Flex>
  );
}
