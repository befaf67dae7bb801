import { useCallback, useEffect, useRef, useState } from 'react';
import { findPendingInvite, type PendingInvite } from './findPendingInvite';

const LOOKUP_DELAY_MS = 300;
const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type PendingInviteLookup = {
  invite: PendingInvite | null;
  checking: boolean;
  /** Call on every change of the e-mail field; the lookup waits until typing pauses. */
  lookup: (email: string) => void;
};

/**
 * Looks for a pending invitation while the visitor types their e-mail. Only the answer for the e-mail
 * currently in the field is used; `onFound` runs once per invitation found (to prefill the form).
 */
export function usePendingInviteLookup(onFound: (invite: PendingInvite) => void): PendingInviteLookup {
  const [invite, setInvite] = useState<PendingInvite | null>(null);
  const [checking, setChecking] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef('');

  useEffect(() => () => clearTimeout(timer.current), []);

  const lookup = useCallback(
    (email: string) => {
      const normalised = email.trim().toLowerCase();
      if (normalised === latest.current) return;
      latest.current = normalised;
      clearTimeout(timer.current);
      setInvite(null);
      if (!LOOKS_LIKE_EMAIL.test(normalised)) {
        setChecking(false);
        return;
      }
      setChecking(true);
      timer.current = setTimeout(() => {
        findPendingInvite(normalised)
          .catch((error: unknown) => {
            // Without an answer the visitor can still apply as a new organisation.
            console.warn('Pending invitation lookup failed:', error);
            return null;
          })
          .then((found) => {
            if (latest.current !== normalised) return;
            setChecking(false);
            setInvite(found);
            if (found) onFound(found);
          });
      }, LOOKUP_DELAY_MS);
    },
    [onFound],
  );

  return { invite, checking, lookup };
}
