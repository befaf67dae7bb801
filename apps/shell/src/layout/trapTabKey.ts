const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusableIn(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => element.getClientRects().length > 0);
}

/**
 * Keeps Tab and Shift+Tab inside a modal container: from its last control Tab wraps to the first,
 * and from its first (or from outside) Shift+Tab wraps to the last. Returns true when it moved focus.
 */
export function trapTabKey(event: Pick<KeyboardEvent, 'key' | 'shiftKey' | 'preventDefault'>, container: HTMLElement | null): boolean {
  if (event.key !== 'Tab' || !container) return false;
  const controls = focusableIn(container);
  if (controls.length === 0) return false;
  const first = controls[0];
  const last = controls[controls.length - 1];
  const active = document.activeElement as HTMLElement | null;
  const inside = Boolean(active && container.contains(active));
  const target = !inside ? (event.shiftKey ? last : first) : event.shiftKey && active === first ? last : !event.shiftKey && active === last ? first : null;
  if (!target) return false;
  event.preventDefault();
  target.focus();
  return true;
}
