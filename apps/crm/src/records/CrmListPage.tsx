import { Suspense, lazy, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from '@steward/libs/router';
import { ImportButton } from '../import/ImportButton';
import { useAddNewDialog, type AddNewConfig } from '../addNew/useAddNewDialog';
import { useOpenedOnce } from '@steward/libs/ui-core';
import { preloadFormLayer } from '@steward/libs/editor';
import { ListPage, useListPage, type ListPageApi, type ListPageOptions } from '@steward/libs/list';
import type { AnyRow } from '@steward/libs/data-access';
import type { SortSpec } from '@steward/libs/filter';
import type { CrmEntity } from './crmEntity';
import type { CrmRow } from './crmRow';

const BY_NAME: SortSpec = [{ field: 'name', order: 'asc' }];

// The dialog (antd's Form, inputs and Modal) loads the first time Add New is pressed, not with the list.
const AddNewDialog = lazy(() => Promise.all([import('../addNew/AddNewDialog'), preloadFormLayer()]).then(([module]) => ({ default: module.AddNewDialog })));

function WithAddNew({ list, config, savedFilterKey, toolbarExtra }: { list: ListPageApi<CrmRow>; config: AddNewConfig<AnyRow>; savedFilterKey?: string; toolbarExtra?: ReactNode }) {
  const dialog = useAddNewDialog<AnyRow>(config);
  const opened = useOpenedOnce(dialog.open);
  return (
    <ListPage list={list} addNew={dialog.buttonProps} savedFilterKey={savedFilterKey} toolbarExtra={toolbarExtra}>
      {opened ? (
        <Suspense fallback={null}>
          <AddNewDialog dialog={dialog} />
        </Suspense>
      ) : null}
    </ListPage>
  );
}

/** The list of an entity, for a URL's search (one-record mode: /businesses?short_id=… shows only that record). */
export function crmListOptions(entity: CrmEntity, searchParams: URLSearchParams): ListPageOptions<CrmRow> {
  return {
    title: entity.listTitle,
    columns: entity.columns,
    source: { kind: 'table', table: entity.view, select: entity.listSelect, excludeArchived: true },
    defaultSort: BY_NAME,
    shortId: searchParams.get('short_id'),
  };
}

/** A CRM list: the entity's columns over its read view, with Filters, Sort, Export and Add New. */
export function CrmListPage({ entity }: { entity: CrmEntity }) {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const list = useListPage<CrmRow>(crmListOptions(entity, searchParams));
  const importButton = entity.importKind ? <ImportButton kind={entity.importKind} /> : null;
  if (entity.addNew) return <WithAddNew list={list} config={entity.addNew} savedFilterKey={entity.savedFilterKey} toolbarExtra={importButton} />;
  const addNewPath = entity.addNewPath;
  return <ListPage list={list} savedFilterKey={entity.savedFilterKey} addNew={addNewPath ? { onClick: () => void navigate(addNewPath) } : undefined} />;
}
