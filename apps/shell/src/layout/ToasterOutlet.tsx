import { Suspense, lazy, useSyncExternalStore } from 'react';
import { toasterGate } from './toasterGate';

const Toaster = lazy(() => import('@steward/libs/ui/core').then((ui) => ({ default: ui.Toaster })));

const notNeededYet = () => false;

/** Mounts the toaster (outside the routes, so toasts survive navigation) once something asks for it. */
export function ToasterOutlet() {
  // The landing index.html paints has no toaster: React adopts that page with this 'not yet needed'.
  const needed = useSyncExternalStore(toasterGate.subscribe, toasterGate.isNeeded, notNeededYet);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
