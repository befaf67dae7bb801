import { useEffect, useRef, useState } from 'react';
import { Tooltip as AntTooltip, type TooltipProps } from 'antd';

/** The spec's tooltip timing: open after 700 ms, at once within 300 ms of another closing. */
export const TOOLTIP_OPEN_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

let lastClosedAt = Number.NEGATIVE_INFINITY;

/** The delay before the next tooltip opens, given when the last one closed. */
export function tooltipOpenDelayMs(now: number, closedAt = lastClosedAt): number {
  return now - closedAt <= TOOLTIP_SKIP_DELAY_MS ? 0 : TOOLTIP_OPEN_DELAY_MS;
}

/**
 * antd's Tooltip with the platform's timing: the delay is decided when the pointer or focus arrives,
 * so moving from one control to the next while reading tooltips does not make the user wait again.
 */
export function Tooltip({ open: openProp, onOpenChange, mouseEnterDelay, openOnMount = false, ...props }: TooltipProps & { openOnMount?: boolean }) {
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  // Mounted because the pointer or focus just arrived on its target (the tooltip loads on that
  // intent): it opens as if it had seen the arrival.
  useEffect(() => {
    if (openOnMount) change(true);
    // Once, on mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const change = (next: boolean) => {
    clearTimeout(timer.current);
    if (!next) {
      if (open) lastClosedAt = performance.now();
      setOpen(false);
      onOpenChange?.(false);
      return;
    }
    const delay = mouseEnterDelay !== undefined ? mouseEnterDelay * 1000 : tooltipOpenDelayMs(performance.now());
    timer.current = setTimeout(() => {
      setOpen(true);
      onOpenChange?.(true);
    }, delay);
  };

  return <AntTooltip {...props} open={openProp ?? open} mouseEnterDelay={0} onOpenChange={change} />;
}
