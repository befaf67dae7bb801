import { Suspense, lazy } from 'react';
import type { ResultProps } from 'antd';

// antd's Result (its status illustrations included) is drawn only when something went wrong: a remote
// that did not load, a page that does not exist. It loads with '@steward/libs/ui/antd-data' when first
// drawn, so every area's first screen does not download it.
const LoadedResult = lazy(() => import('@steward/libs/ui/antd-data').then((module) => ({ default: module.Result })));

/** antd's Result, loaded when first drawn. */
export function Result(props: ResultProps) {
  return (
    <Suspense fallback={null}>
      <LoadedResult {...props} />
    </Suspense>
  );
}
