import { PlainSpin } from './plain';
import { useT } from '@steward/libs/messages';

/** "Loading…" in the page's language, as words inside what a screen shows while its data loads. */
export function LoadingText() {
  const t = useT();
  return <>{t('list.loading')}</>;
}

/** What a screen shows while its data loads: a spinner with "Loading…" said to screen readers too. */
export function LoadingState({ label }: { label?: string }) {
  const t = useT();
  return (
    <div role="status" aria-live="polite" style={{ padding: 24, textAlign: 'center' }}>
      <PlainSpin />
      <div style={{ marginTop: 8 }}>{label ?? t('list.loading')}</div>
    </div>
  );
}
