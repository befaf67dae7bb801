import { afterEach, describe, expect, it } from 'vitest';
import { trapTabKey } from './trapTabKey';

function dialogWithButtons(): { dialog: HTMLElement; buttons: [HTMLButtonElement, HTMLButtonElement, HTMLButtonElement, HTMLButtonElement]; outside: HTMLButtonElement } {
  document.body.innerHTML = '<button id="outside">outside</button><div role="dialog"><button>one</button><button>two</button><button disabled>off</button><button>three</button></div>';
  const dialog = document.querySelector<HTMLElement>('[role=dialog]')!;
  // happy-dom lays nothing out; give every control a box so it counts as visible.
  for (const element of document.querySelectorAll<HTMLElement>('button')) element.getClientRects = () => [{} as DOMRect] as unknown as DOMRectList;
  return { dialog, buttons: [...dialog.querySelectorAll('button')] as [HTMLButtonElement, HTMLButtonElement, HTMLButtonElement, HTMLButtonElement], outside: document.querySelector<HTMLButtonElement>('#outside')! };
}

const tab = (shiftKey = false) => {
  let prevented = false;
  return { event: { key: 'Tab', shiftKey, preventDefault: () => (prevented = true) }, prevented: () => prevented };
};

describe('trapTabKey', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('wraps Tab from the last enabled control to the first, and Shift+Tab back', () => {
    const { dialog, buttons } = dialogWithButtons();
    buttons[3].focus();
    const forward = tab();
    expect(trapTabKey(forward.event, dialog)).toBe(true);
    expect(forward.prevented()).toBe(true);
    expect(document.activeElement).toBe(buttons[0]);
    expect(trapTabKey(tab(true).event, dialog)).toBe(true);
    expect(document.activeElement).toBe(buttons[3]);
  });

  it('leaves Tab alone between controls inside, and ignores other keys', () => {
    const { dialog, buttons } = dialogWithButtons();
    buttons[0].focus();
    const step = tab();
    expect(trapTabKey(step.event, dialog)).toBe(false);
    expect(step.prevented()).toBe(false);
    expect(trapTabKey({ key: 'Enter', shiftKey: false, preventDefault: () => undefined }, dialog)).toBe(false);
  });

  it('brings focus that escaped back inside', () => {
    const { dialog, buttons, outside } = dialogWithButtons();
    outside.focus();
    expect(trapTabKey(tab().event, dialog)).toBe(true);
    expect(document.activeElement).toBe(buttons[0]);
  });
});
