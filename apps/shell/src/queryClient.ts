import { QueryClient } from '@tanstack/react-query';

/** The shell's one query cache: the app renders with it, and the boot starts the first view's queries in it. */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: 1 } },
});
