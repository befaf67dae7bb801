import { useEffect, useState } from 'react';
import { readRecoveryLink, type RecoveryLink } from './readRecoveryLink';

// One reading per link: a token works once, and React may mount the page twice in development.
let reading: { href: string; result: Promise<RecoveryLink> } | null = null;

/** The recovery link that opened the page, read once; null while it is being checked. */
export function useRecoveryLink(): RecoveryLink | null {
  const [link, setLink] = useState<RecoveryLink | null>(null);
  useEffect(() => {
    const href = window.location.href;
    if (reading?.href !== href) {
      reading = { href, result: readRecoveryLink({ hash: window.location.hash, search: window.location.search }) };
    }
    let current = true;
    reading.result
      .catch((error: unknown): RecoveryLink => ({ kind: 'failed', message: error instanceof Error ? error.message : String(error) }))
      .then((result) => {
        if (current) setLink(result);
      });
    return () => {
      current = false;
    };
  }, []);
  return link;
}
