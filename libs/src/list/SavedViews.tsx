import { useState } from 'react';
import { useSearchParams } from '@steward/libs/router';
import { useAccess, useSession } from '@steward/libs/session';
import { PlainButton } from '@steward/libs/ui';
import { DataAccessError, errorMessage, useSavedFilters, type SavedFilter } from '@steward/libs/data';
import { ToolbarPanel } from './ToolbarPanel';
import { VIEW_NAME_TAKEN, currentView, mayChangeView, paramsOfView, viewListKey, viewOfList } from './savedViews';
import { useT, type LibsMessageId } from '@steward/libs/messages';
import type { Translate } from '@steward/libs/i18n';

function problemText(error: unknown, t: Translate<LibsMessageId>): string {
  if (error instanceof DataAccessError && error.code === '23505') return t(VIEW_NAME_TAKEN);
  return errorMessage(error, t('savedViews.unavailable'));
}

/**
 * The Views button of a list and its panel: the person's views and those shared with the organisation,
 * chosen with a click (the URL then carries the view's filter, sort and columns); save the list as
 * shown under a name, for oneself or shared; rename or delete one's own (a shared one also with
 * Settings edit).
 */
export function SavedViews({ listKey, columns }: { listKey: string; columns: readonly string[] }) {
  const t = useT();
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
      label={t('savedViews.views')}
      legend={t('savedViews.legend')}
      className="stw-saved-views"
      size={{ minWidth: 300, maxHeight: 420 }}
      beside={current ? <span aria-label={t('savedViews.current')}>{current.name}</span> : null}
    >
      {(close) => (
        <>
          {query.isLoading ? <p>{t('savedViews.loading')}</p> : null}
          {!query.isLoading && views.length === 0 ? <p>{t('savedViews.none')}</p> : null}
          <ul aria-label={t('savedViews.views')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
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
                      <input aria-label={t('savedViews.newName', { name: view.name })} value={renaming.name} onChange={(event) => setRenaming({ id: view.id, name: event.target.value })} />
                      <PlainButton size="small" htmlType="submit" loading={update.isPending} disabled={!renaming.name.trim()}>
                        {t('savedViews.saveName')}
                      </PlainButton>
                      <PlainButton size="small" onClick={() => setRenaming(null)}>
                        {t('common.cancel')}
                      </PlainButton>
                    </form>
                  ) : (
                    <>
                      <PlainButton size="small" aria-pressed={current?.id === view.id} disabled={Boolean(view.problem)} onClick={() => choose(view)}>
                        {view.name}
                      </PlainButton>
                      {view.shared ? <span>{t('savedViews.shared')}</span> : null}
                      {changeable ? (
                        <>
                          <PlainButton size="small" aria-label={t('savedViews.renameNamed', { name: view.name })} onClick={() => setRenaming({ id: view.id, name: view.name })}>
                            {t('savedViews.rename')}
                          </PlainButton>
                          <PlainButton size="small" aria-label={t('savedViews.deleteNamed', { name: view.name })} loading={remove.isPending && remove.variables === view.id} onClick={() => remove.mutate(view.id)}>
                            {t('common.delete')}
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
              {t('savedViews.name')}
              <input value={name} onChange={(event) => setName(event.target.value)} />
            </label>
            <label style={{ display: 'flex', gap: 6, alignItems: 'center' }}>
              <input type="checkbox" checked={shared} onChange={(event) => setShared(event.target.checked)} />
              {t('savedViews.share')}
            </label>
            <div style={{ display: 'flex', gap: 8 }}>
              <PlainButton size="small" htmlType="submit" variant="primary" loading={save.isPending} disabled={!name.trim() || !orgName}>
                {t('savedViews.save')}
              </PlainButton>
              <PlainButton size="small" onClick={close}>
                {t('common.done')}
              </PlainButton>
            </div>
          </form>
          {problem ? <p role="alert" style={{ color: '#a8071a', margin: '6px 0 0' }}>{problemText(problem, t)}</p> : null}
        </>
      )}
    </ToolbarPanel>
  );
}
