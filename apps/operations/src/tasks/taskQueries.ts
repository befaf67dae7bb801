import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getDatabase, queryKeys, tableRef, toDataAccessError, type AnyRow } from '@steward/libs/data';

export const tasksTable = tableRef<AnyRow>('ops', 'tasks');

/** An open page follows changes made elsewhere: on focus, and every minute (hosted: Realtime, see docs/areas.md). */
export const LIVE_QUERY = { refetchOnWindowFocus: true, refetchInterval: 60_000 } as const;

export type BoardTask = {
  id: string;
  short_id: string;
  title: string;
  status: string;
  priority: string;
  due_date: string | null;
  assignee_name: string | null;
  org_name: string;
  /** Whose task it is, for a role that may change only its own (Personal). */
  created_by: string | null;
  assignee_id: string | null;
};

export type MyWorkTask = BoardTask & {
  description: string | null;
  due_group: 'overdue' | 'today' | 'later';
  record_label: string | null;
  record_path: string | null;
};

/** Under the tasks table's key, so a task saved in any editor refreshes the board and My work. */
export const boardQueryKey = (orgName: string | null) => [...queryKeys.table(tasksTable), 'board', orgName] as const;
export const myWorkQueryKey = (orgName: string | null) => [...queryKeys.table(tasksTable), 'my-work', orgName] as const;

/** The board's cards: the organisation's tasks, in their order (the board shows at most 1,000). */
export async function fetchBoardTasks(orgName: string): Promise<BoardTask[]> {
  const { data, error } = await getDatabase()
    .schema('ops')
    .from('tasks_view')
    .select('id, short_id, title, status, priority, due_date, assignee_name, org_name, created_by, assignee_id')
    .eq('org_name', orgName)
    .eq('archive', false)
    .order('position')
    .order('created_at', { ascending: false })
    .limit(1000);
  if (error) throw toDataAccessError(error);
  return (data ?? []) as unknown as BoardTask[];
}

/** The signed-in person's open tasks in the organisation (ops.my_work_view), earliest due first. */
export async function fetchMyWork(orgName: string): Promise<MyWorkTask[]> {
  const { data, error } = await getDatabase()
    .schema('ops')
    .from('my_work_view')
    .select('id, short_id, title, description, status, priority, due_date, due_group, record_label, record_path, org_name')
    .eq('org_name', orgName)
    .order('due_date', { ascending: true, nullsFirst: false })
    .order('title')
    .limit(1000);
  if (error) throw toDataAccessError(error);
  return (data ?? []) as unknown as MyWorkTask[];
}

export function useBoardTasks(orgName: string | null) {
  return useQuery({ queryKey: boardQueryKey(orgName), queryFn: () => fetchBoardTasks(orgName ?? ''), enabled: orgName !== null, ...LIVE_QUERY });
}

export function useMyWork(orgName: string | null) {
  return useQuery({ queryKey: myWorkQueryKey(orgName), queryFn: () => fetchMyWork(orgName ?? ''), enabled: orgName !== null, ...LIVE_QUERY });
}

/**
 * Moves a card at once (optimistically). Moves may overlap — a card dragged while another is still
 * saving — so a refused move puts back only its own card, and the board is read again only when the
 * last move has settled: a read started between two moves would show the later card back where it was.
 */
export function useMoveTask(orgName: string | null) {
  const queryClient = useQueryClient();
  const key = boardQueryKey(orgName);
  const mutationKey = ['move-task', ...key];
  return useMutation({
    mutationKey,
    mutationFn: async ({ id, status }: { id: string; status: string }) => {
      const { error } = await getDatabase().schema('ops').from('tasks').update({ status }).eq('id', id);
      if (error) throw toDataAccessError(error);
    },
    onMutate: async ({ id, status }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<BoardTask[]>(key)?.find((task) => task.id === id)?.status;
      queryClient.setQueryData<BoardTask[]>(key, (tasks) => tasks?.map((task) => (task.id === id ? { ...task, status } : task)));
      return { previous };
    },
    onError: (_error, { id }, context) => {
      const previous = context?.previous;
      if (previous === undefined) return;
      queryClient.setQueryData<BoardTask[]>(key, (tasks) => tasks?.map((task) => (task.id === id ? { ...task, status: previous } : task)));
    },
    onSettled: () => {
      if (queryClient.isMutating({ mutationKey }) > 1) return;
      void queryClient.invalidateQueries({ queryKey: queryKeys.table(tasksTable) });
    },
  });
}
