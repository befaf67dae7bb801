import { Suspense, lazy, useState } from 'react';
import { Button } from '@steward/libs/antd';
import { useOpenedOnce } from '@steward/libs/ui';
import type { ImportKind } from './importTargets';

// The wizard (CSV parsing, mapping, preview) loads only when Import is pressed, not with the list.
const ImportWizard = lazy(() => import('./ImportWizard'));

/** The list toolbar's Import button and, once pressed, the import wizard. */
export function ImportButton({ kind, disabled }: { kind: ImportKind; disabled?: boolean }) {
  const [open, setOpen] = useState(false);
  const used = useOpenedOnce(open);
  return (
    <>
      <Button disabled={disabled} onClick={() => setOpen(true)}>
        Import
      </Button>
      {used ? (
        <Suspense fallback={null}>
          <ImportWizard kind={kind} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
