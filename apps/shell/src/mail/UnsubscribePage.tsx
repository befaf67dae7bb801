import { useEffect, useState } from 'react';
import { useParams } from '@steward/libs/router';
import { Alert, Button, ConfigProvider } from '@steward/libs/ui/antd';
import { Card } from '@steward/libs/ui/antd-data';
import { errorMessage } from '@steward/libs/data';
import { useSubmit } from '@steward/libs/ui/core';
import { brandName } from '../branding/brandName';
import { brandingTheme } from '../branding/brandingTheme';
import { DEFAULT_BRANDING } from '../branding/orgBranding';
import { useT } from '../i18n';
import { mailUnsubscribe, type Unsubscribed } from './mailUnsubscribe';

/** Followed from a mail, with no session: the page wears the default branding, as the landing does. */
const publicTheme = brandingTheme(DEFAULT_BRANDING);

/**
 * Where a mail's unsubscribe link lands (/unsubscribe/<token>). The address is taken off the
 * organisation's mail to many only when the person presses Unsubscribe, so a mail scanner that opens
 * links cannot do it for them; a used or unknown link is named as such.
 */
export function UnsubscribePage() {
  const t = useT();
  const { token = '' } = useParams();
  const [done, setDone] = useState<Unsubscribed | null>(null);
  const { busy, alert, run } = useSubmit({ describe: (problem) => errorMessage(problem, t('unsubscribe.failed')) });

  useEffect(() => {
    document.title = `${brandName()} - ${t('unsubscribe.title')}`;
  }, [t]);

  const unsubscribe = async () => {
    const outcome = await run(() => mailUnsubscribe(token));
    if (outcome.ok) setDone(outcome.value);
  };

  return (
    <ConfigProvider theme={publicTheme}>
      <main style={{ padding: 16 }}>
        <Card style={{ maxWidth: 520, margin: '48px auto' }}>
          <h1 style={{ marginTop: 0, fontSize: 24 }}>{t('unsubscribe.title')}</h1>
          {done ? (
            <p role="status">{t('unsubscribe.done', { email: done.email, organization: done.org_name })}</p>
          ) : (
            <>
              <p>{t('unsubscribe.explain')}</p>
              {alert ? <Alert type="error" showIcon title={alert} style={{ marginBottom: 16 }} /> : null}
              <Button type="primary" loading={busy} onClick={() => void unsubscribe()}>
                {busy ? t('unsubscribe.busy') : t('unsubscribe.button')}
              </Button>
            </>
          )}
        </Card>
      </main>
    </ConfigProvider>
  );
}
