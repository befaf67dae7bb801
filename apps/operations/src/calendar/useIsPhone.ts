import { useCallback, useSyncExternalStore } from 'react';

const PHONE = '(max-width: 767px)';

/** True on a phone-sized window, following changes. */
export function useIsPhone(): boolean {
  const subscribe = useCallback((onChange: () => void) => {
    const list = window.matchMedia(PHONE);
    list.addEventListener('change', onChange);
    return () => list.removeEventListener('change', onChange);
  }, []);
  return useSyncExternalStore(subscribe, () => window.matchMedia(PHONE).matches, () => false);
}
