import { useId, useState } from 'react';
import { Typography } from '@steward/libs/ui/antd';
import { FormDialog, Input } from '@steward/libs/ui/antd-data';
import { eraseContact, errorMessage, type EraseOutcome } from '@steward/libs/data';
import { useSubmit } from '@steward/libs/ui';

/** What the dialog asks to be typed before Erase is offered: the name as the page shows it. */
export const sameName = (typed: string, name: string) => typed.trim().replace(/\s+/g, ' ') === name.trim().replace(/\s+/g, ' ');

/**
 * Erasing a contact at their request (GDPR Art. 17): says plainly what goes, asks for the contact's name
 * typed out, then makes the one database call (crm.erase_contact, which decides who may). A refusal
 * stays in the dialog; nothing is removed unless the whole erasure is.
 */
export function EraseContactDialog({ contactId, name, onClose, onErased }: { contactId: string; name: string; onClose: () => void; onErased: (outcome: EraseOutcome) => void }) {
  const [typed, setTyped] = useState('');
  // The platform's one submit: once, busy meanwhile, a refusal kept in the dialog.
  const { busy, alert: failure, run } = useSubmit({ describe: (problem) => errorMessage(problem, 'The contact could not be erased') });
  const inputId = useId();
  const confirmed = sameName(typed, name);
  const erase = async () => {
    if (!confirmed) return;
    const erased = await run(() => eraseContact(contactId));
    if (erased.ok) onErased(erased.value);
  };
  return (
    <FormDialog
      title={`Erase ${name}?`}
      busy={busy}
      alert={failure}
      onClose={onClose}
      onSave={() => void erase()}
      saveLabel="Erase for good"
      busyLabel="Erasing…"
      danger
      saveDisabled={!confirmed}
    >
      <Typography.Paragraph style={{ margin: 0 }}>
        Use this when {name} asks to have their data erased. It removes, for good and for everyone:
      </Typography.Paragraph>
      <ul style={{ margin: 0 }}>
        <li>the contact, with their phones, e-mail addresses, addresses, notes and relationships;</li>
        <li>their history entries;</li>
        <li>their search words;</li>
        <li>their files, with the stored copies.</li>
      </ul>
      <Typography.Paragraph style={{ margin: 0 }}>
        History keeps one line saying that a contact was erased, without their name. This cannot be undone.
      </Typography.Paragraph>
      <label htmlFor={inputId}>
        Type <strong>{name}</strong> to confirm
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
