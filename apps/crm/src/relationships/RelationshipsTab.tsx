import { useMemo, useState } from 'react';
import { Alert, Button, Flex, Typography } from '@steward/libs/ui/antd';
import { errorMessage, tableRef, useRelationOptions, type AnyRow } from '@steward/libs/data';
import { FieldsForm, useFieldForm, type FieldDef, type FormValue } from '@steward/libs/form';
import { Link } from '@steward/libs/router';
import { useSession } from '@steward/libs/session';
import type { CrmKind } from '../records/crmRow';
import { FormDialog } from '@steward/libs/ui/antd-data';
import { LoadingText } from '@steward/libs/ui';
import { useTabSave } from '../records/useTabSave';
import { useCrmWrites } from '../records/useCrmWrites';
import { useRelationships } from './relationshipsApi';
import { DETAIL_PATH, OTHER_TABLE, RELATIONSHIP_CHOICES, relationshipTitle, type RelationshipChoice, type RelationshipRow } from './relationshipKinds';
import { later } from '../i18n';

const { useT } = later;

const relationships = tableRef<AnyRow>('crm', 'relationships');
const contacts = tableRef<AnyRow>('crm', 'contacts');
const households = tableRef<AnyRow>('crm', 'households');

function AddRelationshipDialog({ kind, recordId, onClose }: { kind: Exclude<CrmKind, 'user'>; recordId: string; onClose: () => void }) {
  const t = useT();
  const session = useSession();
  const writes = useCrmWrites();
  const choices = RELATIONSHIP_CHOICES[kind];
  // The fields follow the chosen relationship: which records it links to, and whether it needs a title.
  const [choiceKey, setChoiceKey] = useState(choices[0]?.key ?? '');
  const choice = choices.find((item) => item.key === choiceKey) as RelationshipChoice;
  const options = useRelationOptions({ schema: 'crm', table: OTHER_TABLE[choice.other], valueField: 'id', labelField: 'name', orgScope: session.orgName ? [session.orgName] : [] });
  const needsTitle = choice.write.to === 'relationships' && choice.write.storedTitle === null;
  const fields = useMemo<FieldDef[]>(
    () => [
      { name: 'relationship', label: t('relationship.field'), type: 'choice', options: choices.map((item) => ({ value: item.key, label: t(item.label) })) },
      {
        name: 'other',
        label: t(choice.other === 'contact' ? 'entity.contact' : choice.other === 'business' ? 'entity.business' : 'entity.household'),
        type: 'choice',
        required: { message: t('relationship.chooseRecord') },
        options: [{ value: '', label: options.isLoading ? t('common.loading') : '—' }, ...(options.data ?? []).filter((option) => option.value !== recordId)],
      },
      { name: 'title', label: t('relationship.title'), required: true, hidden: !needsTitle },
    ],
    [choices, choice.other, options.isLoading, options.data, recordId, needsTitle, t],
  );
  const form = useFieldForm(fields, { relationship: choiceKey });
  const { busy, alert, run } = useTabSave(onClose);

  const save = () => {
    if (!form.validate()) return;
    const { other: otherId = '', title = '' } = form.stateRef.current.values as Record<string, string>;
    void run(async () => {
      const write = choice.write;
      if (write.to === 'spouse') await writes.update(contacts, { id: recordId }, { spouse_id: otherId });
      else if (write.to === 'household') {
        const householdId = kind === 'household' ? recordId : otherId;
        const contactId = kind === 'household' ? otherId : recordId;
        await writes.update(households, { id: householdId }, { [write.column]: contactId });
      } else {
        await writes.insert(relationships, { title: write.storedTitle ?? title.trim(), [write.columns.mine]: recordId, [write.columns.other]: otherId });
      }
    });
  };
  // Another relationship starts its record over (another table) and clears the messages; the title stays.
  const setValue = (name: string, value: FormValue) => {
    if (name !== 'relationship') return form.setValue(name, value);
    setChoiceKey(String(value));
    form.reset({ relationship: value, other: '', title: form.stateRef.current.values.title });
  };
  return (
    <FormDialog title={t('relationship.add')} busy={busy} alert={form.banner ?? alert} onClose={onClose} onSave={save}>
      <FieldsForm form={{ ...form, setValue }} idPrefix="relationship" disabled={busy} />
    </FormDialog>
  );
}

/**
 * The Relationships tab: spouse, households and their primary/secondary contacts and members,
 * businesses a contact works at or owns — each a link to the other record, shown on both records'
 * pages (crm.record_relationships reads both ends). Add and Remove when the record is editable.
 */
export function RelationshipsTab({ kind, recordId, canEdit }: { kind: Exclude<CrmKind, 'user'>; recordId: string; canEdit: boolean }) {
  const t = useT();
  const writes = useCrmWrites();
  const list = useRelationships(recordId);
  const [adding, setAdding] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const remove = async (row: RelationshipRow) => {
    setFailure(null);
    try {
      if (row.source === 'relationship') await writes.update(relationships, { id: row.source_id }, { archive: true });
      else if (row.source === 'spouse') await writes.update(contacts, { id: recordId }, { spouse_id: null });
      else await writes.update(households, { id: row.source_id }, { [row.source === 'household_primary' ? 'primary_contact_id' : 'secondary_contact_id']: null });
    } catch (problem) {
      setFailure(errorMessage(problem, t('common.saveFailed')));
    }
  };
  return (
    <Flex vertical gap={8}>
      {canEdit ? (
        <div>
          <Button onClick={() => setAdding(true)}>{t('relationship.add')}</Button>
        </div>
      ) : null}
      {failure ? <Alert type="error" showIcon title={failure} /> : null}
      {list.isLoading ? <Typography.Text><LoadingText /></Typography.Text> : null}
      {list.error ? <Alert type="error" showIcon title={errorMessage(list.error, t('common.unknownError'))} /> : null}
      {list.data && list.data.length === 0 ? <Typography.Text type="secondary">{t('relationship.none')}</Typography.Text> : null}
      {list.data && list.data.length > 0 ? (
        <ul aria-label={t('relationship.list')} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {list.data.map((row) => (
            <li key={`${row.source}:${row.source_id}:${row.other_id}`} style={{ padding: '4px 0' }}>
              <Typography.Text type="secondary">{t('relationship.line', { title: relationshipTitle(row.title) })}</Typography.Text>
              {row.other_short_id ? <Link to={DETAIL_PATH[row.other_kind](row.other_short_id)}>{row.other_name ?? row.other_short_id}</Link> : (row.other_name ?? '')}
              {canEdit ? (
                <Button size="small" style={{ marginLeft: 8 }} aria-label={t('relationship.removeLabel', { title: relationshipTitle(row.title), name: row.other_name ?? '' })} onClick={() => void remove(row)}>
                  {t('relationship.remove')}
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {adding ? <AddRelationshipDialog kind={kind} recordId={recordId} onClose={() => setAdding(false)} /> : null}
    </Flex>
  );
}
