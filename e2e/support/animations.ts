import type { Page } from '@playwright/test';

/**
 * Waits (at most 2 s) for the page's transitions and finite animations to end, as a person sees a
 * dialog once it has opened or a colour once it has faded. Two frames first: a dialog that has just
 * appeared starts its opening animation a frame later (antd adds the motion's classes in turn), and a
 * look before that would find nothing running, then click or measure mid-zoom.
 */
export async function settledAnimations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const finite = document.getAnimations().filter((animation) => animation.playState === 'running' && animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.race([Promise.all(finite.map((animation) => animation.finished.catch(() => undefined))), new Promise((resolve) => setTimeout(resolve, 2000))]);
  });
}
