import type { Page } from '@playwright/test';

/** The rendered area of a remote: present only once the remote's code has rendered (RemoteBoundary). */
export const areaOf = (page: Page, remote: string) => page.locator(`[data-remote-area="${remote}"]`);
