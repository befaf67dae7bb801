import { useState } from 'react';

/**
 * True from the first time `open` is true, for good: a dialog rendered only once it has been opened
 * (then kept, so it closes with its animation and gives focus back). A closed antd Modal still costs
 * its page's first render its styles and hooks.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
