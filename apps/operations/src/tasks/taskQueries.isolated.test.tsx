import { describe, expect, it, vi, beforeEach } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';

/** The database boundary: each update waits until the test settles it; each read answers the rows as stored. */
const database = vi.hoisted(() => {
  const stored = new Map<string, string>();
  const updates: { id: string; status: string; settle: (error?: unknown) => void }[] = [];
  let reads = 0;
  const client = {
    schema: () => ({
      from: () => ({
        update: ({ status }: { status: string }) => ({
          eq: (_column: string, id: string) =>
            new Promise<{ error: unknown }>((resolve) => {
              updates.push({
                id,
                status,
                settle: (error) => {
                  if (!error) stored.set(id, status);
                  resolve({ error: error ?? null });
                },
              });
            }),
        }),
      }),
    }),
  };
  return {
    stored,
    updates,
    client,
    read: () => {
      reads += 1;
      return [...stored].map(([id, status]) => ({ id, title: id, status }));
    },
    reads: () => reads,
    /** Answers the n-th update (from 0): saved, or refused with the error. */
    settle: (index: number, error?: unknown) => {
      const update = updates[index];
      if (!update) throw new Error(`no update ${index}`);
      update.settle(error);
    },
  };
});

vi.mock('@steward/libs/data', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@steward/libs/data')>()),
  getDatabase: () => database.client,
}));

const { boardQueryKey, useMoveTask } = await import('./taskQueries');

type Card = { id: string; title: string; status: string };

function setUp() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const key = boardQueryKey('Cedar Grove');
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  return { queryClient, key, wrapper };
}

const statusOf = (queryClient: QueryClient, key: readonly unknown[], id: string) =>
  queryClient.getQueryData<Card[]>(key)?.find((card) => card.id === id)?.status;

beforeEach(() => {
  database.stored.clear();
  database.updates.length = 0;
  database.stored.set('a', 'To Do');
  database.stored.set('b', 'To Do');
});

describe('useMoveTask', () => {
  it('keeps a later move in place while an earlier one settles, and reads the board again once both have', async () => {
    const { queryClient, key, wrapper } = setUp();
    queryClient.setQueryData<Card[]>(key, database.read());
    // The board holds the query: an invalidated board is read again.
    renderHook(() => useQuery({ queryKey: key, queryFn: async () => database.read(), staleTime: Infinity }), { wrapper });
    const { result } = renderHook(() => useMoveTask('Cedar Grove'), { wrapper });

    act(() => result.current.mutate({ id: 'a', status: 'Done' }));
    await waitFor(() => expect(database.updates).toHaveLength(1));
    act(() => result.current.mutate({ id: 'b', status: 'In Progress' }));
    await waitFor(() => expect(database.updates).toHaveLength(2));
    const readsBefore = database.reads();

    // The first move is saved while the second is still on its way: the board is not read now,
    // since that read would put b back in To Do. (A move is marked saved once its onSettled has run.)
    await act(async () => database.settle(0));
    await waitFor(() => expect(queryClient.getMutationCache().getAll().map((move) => move.state.status)).toEqual(['success', 'pending']));
    expect(statusOf(queryClient, key, 'b')).toBe('In Progress');
    expect(database.reads()).toBe(readsBefore);

    await act(async () => database.settle(1));
    await waitFor(() => expect(database.reads()).toBe(readsBefore + 1));
    expect(statusOf(queryClient, key, 'a')).toBe('Done');
    expect(statusOf(queryClient, key, 'b')).toBe('In Progress');
  });

  it('puts back only the refused card when two moves overlap', async () => {
    const { queryClient, key, wrapper } = setUp();
    queryClient.setQueryData<Card[]>(key, database.read());
    const { result } = renderHook(() => useMoveTask('Cedar Grove'), { wrapper });

    act(() => result.current.mutate({ id: 'a', status: 'Done' }));
    await waitFor(() => expect(database.updates).toHaveLength(1));
    act(() => result.current.mutate({ id: 'b', status: 'In Progress' }));
    await waitFor(() => expect(database.updates).toHaveLength(2));

    await act(async () => database.settle(0, new Error('refused')));
    expect(statusOf(queryClient, key, 'a')).toBe('To Do');
    expect(statusOf(queryClient, key, 'b')).toBe('In Progress');
  });
});
