import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { preloadRecordPage } from './loadRecordPage';
import { Link, useLocation, useNavigate, useSearchParams } from '@steward/libs/router';
import { mergeKindOf } from '../duplicates/mergeEntities';
import { ImportButton } from '../import/ImportButton';
import type { AddNewConfig } from '../addNew';
import { ListPage, RecordHistory, WithCustomColumns, bulkFieldsOf, onFirstMove, useColumnsWithCustom, useListPage, type ListPageApi, type ListPageOptions } from '@steward/libs/list';
import type { AnyRow } from '@steward/libs/data';
import { useAccess, useSession } from '@steward/libs/session';
import { AntdTheme } from '@steward/libs/ui';
import type { SortSpec } from '@steward/libs/filter';
import type { CrmEntity } from './crmEntity';
import type { ErasedState } from './CrmDetailPage';
import type { CrmRow } from './crmRow';
import { userFormFields } from '../users/userFormFields';
import { later, t, useT } from '../i18n';
import { withWords } from '@steward/libs/i18n';
import { later as libsLater } from '@steward/libs/messages';

// Mail to many loads its composer when a selection's bulk bar first shows it: its code and libs' words
// for it at once.
const loadConversations = () => withWords(import('@steward/libs/conversations'), libsLater);
const BulkSendButton = lazy(() => loadConversations().then((module) => ({ default: module.BulkSendButton })));

/** What the bulk bar calls the records ("3 contacts archived"). */
const NOUNS = {
  business: () => ({ one: t('noun.business'), many: t('noun.businesses') }),
  contact: () => ({ one: t('noun.contact'), many: t('noun.contacts') }),
  household: () => ({ one: t('noun.household'), many: t('noun.households') }),
  user: () => ({ one: t('noun.user'), many: t('noun.users') }),
};

const BY_NAME: SortSpec = [{ field: 'name', order: 'asc' }];

// The dialog's form, inputs and selects load when Add New is first pressed, not with the list (nor
// does the record editor's library: the list's first rows need none of it).
const AddNewFlow = lazy(() => Promise.all([withWords(import('./AddNewFlow'), later), import('@steward/libs/form').then((editor) => editor.preloadFormLayer())]).then(([module]) => module));

function WithAddNew({ list, config, kind, savedFilterKey, toolbarExtra, children }: { list: ListPageApi<CrmRow>; config: AddNewConfig<AnyRow>; kind: string; savedFilterKey?: string; toolbarExtra?: ReactNode; children?: ReactNode }) {
  const t = useT();
  const session = useSession();
  // Each press asks the dialog to open (again); the dialog writes into the active organisation as its user.
  const [presses, setPresses] = useState(0);
  const addNew = { disabled: !(session.orgName && session.user), onClick: () => setPresses((count) => count + 1), children: t('list.addNew') };
  return (
    <ListPage list={list} addNew={addNew} savedFilterKey={savedFilterKey} toolbarExtra={toolbarExtra}>
      {presses > 0 ? (
        <AntdTheme>
          <AddNewFlow config={config} kind={kind} request={presses} />
        </AntdTheme>
      ) : null}
      {children}
    </ListPage>
  );
}

/** The list of an entity, for a URL's search (one-record mode: /businesses?short_id=… shows only that record). */
export function crmListOptions(entity: CrmEntity, searchParams: URLSearchParams): ListPageOptions<CrmRow> {
  return {
    title: entity.listTitle,
    columns: entity.columns,
    // The list asks the view for what its columns read (ListColumn.reads), not the whole row.
    source: { kind: 'table', table: entity.view, excludeArchived: true },
    defaultSort: BY_NAME,
    shortId: searchParams.get('short_id'),
    // Organisation users leave through their status, not the archive: their bulk change is Status
    // (and export), under Settings rights like inviting and editing them.
    lifecycle:
      entity.kind === 'user'
        ? { table: entity.table, noun: NOUNS.user(), fields: bulkFieldsOf(userFormFields('edit')), archivable: false }
        : {
            table: entity.table,
            noun: NOUNS[entity.kind](),
            fields: bulkFieldsOf(entity.editFields),
            canDelete: true,
            // Mail to many: one message per chosen record, personalised (crm.send_to_many).
            actions: (chosen) => (
              <Suspense fallback={null}>
                <BulkSendButton kind={entity.kind} chosen={chosen} />
              </Suspense>
            ),
          },
    ...(entity.kind === 'user' ? { accessComponent: 'settings' as const } : {}),
  };
}

/**
 * A CRM list: the entity's columns and the organisation's own fields (as the person chooses them) over
 * its read view, with Filters, Sort, Export and Add New.
 */
export function CrmListPage({ entity }: { entity: CrmEntity }) {
  return <WithCustomColumns<CrmRow> kind={entity.kind}>{(customColumns) => <CrmList entity={entity} customColumns={customColumns} />}</WithCustomColumns>;
}

function CrmList({ entity, customColumns }: { entity: CrmEntity; customColumns: ListPageOptions<CrmRow>['columns'] }) {
  const t = useT();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const chosen = useColumnsWithCustom<CrmRow>({ listKey: entity.listPath.replace(/^\//, ''), columns: entity.columns, custom: customColumns });
  const base = crmListOptions(entity, searchParams);
  const list = useListPage<CrmRow>({ ...base, columns: chosen.columns, hiddenColumns: chosen.hiddenColumns });
  // Organisation users are profiles, which Settings rights govern: inviting one needs create access there.
  const canInvite = useAccess('settings').create;
  // Once the rows are drawn, the record page's code comes ahead of the click: at the person's first
  // move (pointer, touch, key or scroll), not at once. Run straight after the first rows, it (antd's tabs,
  // inputs and dialogs, ~140 KB) held a phone's main thread for up to half a second just as the list
  // became usable; a tap on a row still finds it loaded or on its way.
  const rowsShown = !list.isLoading && list.rows.length > 0;
  useEffect(() => (rowsShown ? onFirstMove(preloadRecordPage) : undefined), [rowsShown]);
  // The duplicates page is for merging, which changes one record and archives the other: offered to
  // roles that may do both.
  const access = useAccess();
  const mergeKind = access.edit !== 'None' && access.delete !== 'None' ? mergeKindOf(entity) : null;
  const toolbarExtra = (
    <>
      {chosen.button}
      {entity.importKind ? <ImportButton kind={entity.importKind} /> : null}
      {mergeKind ? (
        <Link to={`/duplicates/${mergeKind}`} style={{ alignSelf: 'center' }}>
          {t('list.possibleDuplicates')}
        </Link>
      ) : null}
    </>
  );
  // Back from an erasure: what History now says of the erased contact (one entry, naming no one).
  const location = useLocation();
  const erased = (location.state as Partial<ErasedState> | null)?.erased;
  const erasure = erased ? (
    <section aria-labelledby="stw-erased-heading" className="stw-flex" style={{ flexDirection: 'column', gap: 8 }}>
      <h2 id="stw-erased-heading" style={{ margin: 0, fontSize: 16 }}>
        {t('list.erasedContact')}
      </h2>
      <RecordHistory table={entity.table} recordId={erased.id} label={t('list.erasedHistory')} />
    </section>
  ) : null;
  if (entity.addNew) {
    return (
      <WithAddNew list={list} config={entity.addNew} kind={entity.kind} savedFilterKey={entity.savedFilterKey} toolbarExtra={toolbarExtra}>
        {erasure}
      </WithAddNew>
    );
  }
  const addNewPath = entity.addNewPath;
  return <ListPage list={list} savedFilterKey={entity.savedFilterKey} toolbarExtra={chosen.button ?? undefined} addNew={addNewPath && canInvite ? { onClick: () => void navigate(addNewPath) } : undefined} />;
}
