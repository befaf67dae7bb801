import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys, tableRef, type AnyRow } from '@steward/libs/data';
import { useSession } from '@steward/libs/session';
import { notify } from '@steward/libs/ui';
import {
  INTEGRATION_MESSAGES as M,
  deleteIntegration,
  fetchIntegrations,
  saveIntegration,
  setIntegrationActive,
  type IntegrationFormValues,
} from './integrationsApi';
import { useT } from '../i18n';
import type { SettingsMessageId } from '../i18n';

/** Under the data keys (@steward/libs/data queryKeys), so any settings write elsewhere refreshes the list too. */
const INTEGRATIONS = tableRef<AnyRow>('settings', 'integrations');

function failure(prefix: string) {
  return (error: Error) => notify.error(prefix, { description: error.message });
}

type Words = (id: SettingsMessageId) => string;

/** The Integrations screen's data: the list (newest first) and its writes, each with the spec's toasts. */
export function useIntegrations() {
  const t: Words = useT();
  const { user, orgName } = useSession();
  const userId = user?.id ?? null;
  const queryClient = useQueryClient();
  const key = queryKeys.list(INTEGRATIONS, orgName);
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.table(INTEGRATIONS) });

  const list = useQuery({ queryKey: key, queryFn: () => fetchIntegrations(userId, orgName), enabled: orgName !== null });

  const save = useMutation({
    mutationFn: ({ values, id }: { values: IntegrationFormValues; id: string | null }) => saveIntegration(userId, orgName, values, id),
    onSuccess: (outcome) => {
      notify.success(t(outcome === 'created' ? M.created : M.updated));
      return refresh();
    },
    onError: failure(t(M.saveFailed)),
  });

  const remove = useMutation({
    mutationFn: (id: string) => deleteIntegration(userId, id),
    onSuccess: () => {
      notify.success(t(M.deleted));
      return refresh();
    },
    onError: failure(t(M.deleteFailed)),
  });

  const toggle = useMutation({
    mutationFn: ({ id, isActive }: { id: string; isActive: boolean }) => setIntegrationActive(userId, id, isActive),
    onSuccess: (_, { isActive }) => {
      notify.success(t(isActive ? M.activated : M.deactivated));
      return refresh();
    },
    onError: failure(t(M.statusFailed)),
  });

  return { list, save, remove, toggle };
}
