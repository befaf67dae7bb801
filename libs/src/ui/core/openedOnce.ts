import { useState } from 'react';

/**
 * True from the first time `open` is true, for good: a dialog rendered only once it has been opened
 * (then kept, so it closes with its animation and gives focus back). A closed dialog's content
 * (an antd Modal's, the phone's menu drawer's) would otherwise cost its page's first render.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
