import { lazy, useState } from 'react';
import { useAccess } from '@steward/libs/session';
import { AntdTheme, PlainButton, useOpenedOnce } from '@steward/libs/ui';
import type { ImportKind } from './importTargets';
import { withWords } from '@steward/libs/i18n';
import { later, useT } from '../i18n';

// The wizard (CSV parsing, mapping, preview; drawn with antd) loads only when Import is pressed, not with the list.
const ImportWizard = lazy(() => withWords(import('./ImportWizard'), later));

/** The list toolbar's Import button and, once pressed, the import wizard; absent for a role that may not add records. */
export function ImportButton({ kind, disabled }: { kind: ImportKind; disabled?: boolean }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const used = useOpenedOnce(open);
  if (!useAccess().create) return null;
  return (
    <>
      <PlainButton disabled={disabled} onClick={() => setOpen(true)}>
        {t('import.button')}
      </PlainButton>
      {used ? (
        <AntdTheme>
          <ImportWizard kind={kind} open={open} onClose={() => setOpen(false)} />
        </AntdTheme>
      ) : null}
    </>
  );
}
