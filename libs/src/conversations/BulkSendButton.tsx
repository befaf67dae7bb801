import { Button } from '@steward/libs/ui/antd';
import { useDialog } from '@steward/libs/ui/core';
import type { BulkChosen } from '@steward/libs/list';
import { Composer } from './Composer';
import type { MessageRecordKind } from './conversationsApi';
import { later } from '@steward/libs/messages';

const { useT } = later;

/**
 * "Send e-mail" in a list's bulk bar: the composer in bulk mode, one message per chosen row. With "all N
 * matching" chosen and a filter the database can read, it sends the filter (crm.send_to_many finds the
 * rows itself); otherwise the chosen ids.
 */
export function BulkSendButton({ kind, chosen, disabled }: { kind: MessageRecordKind; chosen: BulkChosen; disabled?: boolean }) {
  const t = useT();
  const dialog = useDialog();
  const byFilter = chosen.allMatching && chosen.listPageFilter !== null;
  return (
    <>
      <Button onClick={dialog.show} disabled={disabled}>
        {t('conversations.sendEmail')}
      </Button>
      {dialog.open ? (
        <Composer
          dialog={dialog}
          bulk={{
            kind,
            count: chosen.count,
            ids: async () => (byFilter ? null : chosen.ids()),
            filter: byFilter ? chosen.listPageFilter : null,
            previewId: async () => (await chosen.ids())[0] ?? null,
            onSent: chosen.clear,
          }}
        />
      ) : null}
    </>
  );
}
