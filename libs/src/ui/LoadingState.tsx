import { PlainSpin } from './plain';

/** What a screen shows while its data loads: a spinner with "Loading…" said to screen readers too. */
export function LoadingState({ label = 'Loading…' }: { label?: string }) {
  return (
    <div role="status" aria-live="polite" style={{ padding: 24, textAlign: 'center' }}>
      <PlainSpin />
      <div style={{ marginTop: 8 }}>{label}</div>
    </div>
  );
}
