/** Shown when the runtime registry cannot be read: nothing else can start without it. Plain HTML on purpose. */
export function StartupError({ error }: { error: unknown }) {
  return (
    <main role="alert" style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 640, margin: '80px auto', padding: 24 }}>
      <h1>Steward cannot start</h1>
      <p>The platform configuration could not be loaded. Reload the page; if this keeps happening, contact your administrator.</p>
      <pre style={{ whiteSpace: 'pre-wrap' }}>{error instanceof Error ? error.message : String(error)}</pre>
    </main>
  );
}
