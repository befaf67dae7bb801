import { t } from '../i18n';

/** Shown when the runtime registry cannot be read: nothing else can start without it. Plain HTML on purpose. */
export function StartupError({ error }: { error: unknown }) {
  return (
    <main role="alert" style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 640, margin: '80px auto', padding: 24 }}>
      <h1>{t('errors.cannotStart')}</h1>
      <p>{t('errors.configurationMissing')}</p>
      <pre style={{ whiteSpace: 'pre-wrap' }}>{error instanceof Error ? error.message : String(error)}</pre>
    </main>
  );
}
