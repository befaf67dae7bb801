import { Suspense, lazy, useSyncExternalStore } from 'react';
import { toasterGate } from './toasterGate';

const Toaster = lazy(() => import('@steward/libs/ui').then((ui) => ({ default: ui.Toaster })));

/** Mounts the toaster (outside the routes, so toasts survive navigation) once something asks for it. */
export function ToasterOutlet() {
  const needed = useSyncExternalStore(toasterGate.subscribe, toasterGate.isNeeded);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
