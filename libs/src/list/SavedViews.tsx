import { useState } from 'react';
import { useSearchParams } from '@steward/libs/router';
import { useAccess, useSession } from '@steward/libs/session';
import { PlainButton } from '@steward/libs/ui';
import { DataAccessError, errorMessage, useSavedFilters, type SavedFilter } from '@steward/libs/data';
import { ToolbarPanel } from './ToolbarPanel';
import { VIEW_NAME_TAKEN, currentView, mayChangeView, paramsOfView, viewListKey, viewOfList } from './savedViews';

function problemText(error: unknown): string {
  if (error instanceof DataAccessError && error.code === '23505') return VIEW_NAME_TAKEN;
  return errorMessage(error, 'Saved views are unavailable.');
}

/**
 * The Views button of a list and its panel: the person's views and those shared with the organisation,
 * chosen with a click (the URL then carries the view's filter, sort and columns); save the list as
 * shown under a name, for oneself or shared; rename or delete one's own (a shared one also with
 * Settings edit).
 */
export function SavedViews({ listKey, columns }: { listKey: string; columns: readonly string[] }) {
  const { orgName, userRow } = useSession();
  const settings = useAccess('settings');
  const [searchParams, setSearchParams] = useSearchParams();
  const { query, save, update, remove } = useSavedFilters(viewListKey(listKey), orgName);
  const [name, setName] = useState('');
  const [shared, setShared] = useState(false);
  const [renaming, setRenaming] = useState<{ id: string; name: string } | null>(null);
  const views = query.data ?? [];
  const current = currentView(views, searchParams, columns);
  const problem = query.error ?? save.error ?? update.error ?? remove.error;
  const editor = settings.edit === 'Organization';

  const choose = (view: SavedFilter) => {
    if (view.problem) return;
    setSearchParams((params) => paramsOfView(params, view));
  };

  return (
    <ToolbarPanel
      label="Views"
      legend="Saved views"
      className="stw-saved-views"
      size={{ minWidth: 300, maxHeight: 420 }}
      beside={current ? <span aria-label="Current view">{current.name}</span> : null}
    >
      {(close) => (
        <>
          {query.isLoading ? <p>Loading views…</p> : null}
          {!query.isLoading && views.length === 0 ? <p>No saved views yet.</p> : null}
          <ul aria-label="Views" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {views.map((view) => {
              const changeable = mayChangeView(view, userRow?.id, editor);
              const isRenaming = renaming?.id === view.id;
              return (
                <li key={view.id} style={{ display: 'flex', gap: 6, alignItems: 'center', padding: '2px 0', flexWrap: 'wrap' }}>
                  {isRenaming ? (
                    <form
                      style={{ display: 'flex', gap: 6 }}
                      onSubmit={(event) => {
                        event.preventDefault();
                        if (!renaming.name.trim()) return;
                        update.mutate({ id: view.id, name: renaming.name }, { onSuccess: () => setRenaming(null) });
                      }}
                    >
                      <input aria-label={`New name for ${view.name}`} value={renaming.name} onChange={(event) => setRenaming({ id: view.id, name: event.target.value })} />
                      <PlainButton size="small" htmlType="submit" loading={update.isPending} disabled={!renaming.name.trim()}>
                        Save name
                      </PlainButton>
                      <PlainButton size="small" onClick={() => setRenaming(null)}>
                        Cancel
                      </PlainButton>
                    </form>
                  ) : (
                    <>
                      <PlainButton size="small" aria-pressed={current?.id === view.id} disabled={Boolean(view.problem)} onClick={() => choose(view)}>
                        {view.name}
                      </PlainButton>
                      {view.shared ? <span>(shared)</span> : null}
                      {changeable ? (
                        <>
                          <PlainButton size="small" aria-label={`Rename ${view.name}`} onClick={() => setRenaming({ id: view.id, name: view.name })}>
                            Rename
                          </PlainButton>
                          <PlainButton size="small" aria-label={`Delete ${view.name}`} loading={remove.isPending && remove.variables === view.id} onClick={() => remove.mutate(view.id)}>
                            Delete
                          </PlainButton>
                        </>
                      ) : null}
                    </>
                  )}
                  {view.problem ? <span role="status">{view.problem}</span> : null}
                </li>
              );
            })}
          </ul>
          <form
            style={{ display: 'flex', flexDirection: 'column', gap: 6, marginTop: 8, borderTop: '1px solid #d9d9d9', paddingTop: 8 }}
            onSubmit={(event) => {
              event.preventDefault();
              if (!name.trim() || !orgName) return;
              save.mutate({ name, ...viewOfList(searchParams, columns), shared }, { onSuccess: () => {
                setName('');
                setShared(false);
              } });
            }}
          >
            <label style={{ display: 'flex', gap: 6, alignItems: 'center' }}>
              View name
              <input value={name} onChange={(event) => setName(event.target.value)} />
            </label>
            <label style={{ display: 'flex', gap: 6, alignItems: 'center' }}>
              <input type="checkbox" checked={shared} onChange={(event) => setShared(event.target.checked)} />
              Share with the organisation
            </label>
            <div style={{ display: 'flex', gap: 8 }}>
              <PlainButton size="small" htmlType="submit" variant="primary" loading={save.isPending} disabled={!name.trim() || !orgName}>
                Save view
              </PlainButton>
              <PlainButton size="small" onClick={close}>
                Done
              </PlainButton>
            </div>
          </form>
          {problem ? <p role="alert" style={{ color: '#a8071a', margin: '6px 0 0' }}>{problemText(problem)}</p> : null}
        </>
      )}
    </ToolbarPanel>
  );
}
