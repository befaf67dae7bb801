import { useId, useState } from 'react';
import { Typography } from '@steward/libs/ui/antd';
import { FormDialog, Input } from '@steward/libs/ui/antd-data';
import { eraseContact, errorMessage, type EraseOutcome } from '@steward/libs/data';
import { useSubmit } from '@steward/libs/ui';
import { later } from '../i18n';

const { useT } = later;

/** What the dialog asks to be typed before Erase is offered: the name as the page shows it. */
export const sameName = (typed: string, name: string) => typed.trim().replace(/\s+/g, ' ') === name.trim().replace(/\s+/g, ' ');

/**
 * Erasing a contact at their request (GDPR Art. 17): says plainly what goes, asks for the contact's name
 * typed out, then makes the one database call (crm.erase_contact, which decides who may). A refusal
 * stays in the dialog; nothing is removed unless the whole erasure is.
 */
export function EraseContactDialog({ contactId, name, onClose, onErased }: { contactId: string; name: string; onClose: () => void; onErased: (outcome: EraseOutcome) => void }) {
  const t = useT();
  const [typed, setTyped] = useState('');
  // The platform's one submit: once, busy meanwhile, a refusal kept in the dialog.
  const { busy, alert: failure, run } = useSubmit({ describe: (problem) => errorMessage(problem, t('erase.failed')) });
  const inputId = useId();
  const confirmed = sameName(typed, name);
  const erase = async () => {
    if (!confirmed) return;
    const erased = await run(() => eraseContact(contactId));
    if (erased.ok) onErased(erased.value);
  };
  return (
    <FormDialog
      title={t('erase.title', { name })}
      busy={busy}
      alert={failure}
      onClose={onClose}
      onSave={() => void erase()}
      saveLabel={t('erase.confirm')}
      busyLabel={t('erase.busy')}
      danger
      saveDisabled={!confirmed}
    >
      <Typography.Paragraph style={{ margin: 0 }}>
        {t('erase.intro', { name })}
      </Typography.Paragraph>
      <ul style={{ margin: 0 }}>
        <li>{t('erase.contact')}</li>
        <li>{t('erase.history')}</li>
        <li>{t('erase.search')}</li>
        <li>{t('erase.files')}</li>
      </ul>
      <Typography.Paragraph style={{ margin: 0 }}>
        {t('erase.after')}
      </Typography.Paragraph>
      <label htmlFor={inputId}>
        {t.rich('erase.typeName', { name, strong: (words) => <strong>{words}</strong> })}
      </label>
      <Input
        id={inputId}
        value={typed}
        autoComplete="off"
        disabled={busy}
        onChange={(event) => setTyped(event.target.value)}
        onPressEnter={() => void erase()}
      />
    </FormDialog>
  );
}
