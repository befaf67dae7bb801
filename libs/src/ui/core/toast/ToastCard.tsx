import { useEffect, useEffectEvent, useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { useT } from '@steward/libs/messages';

export type ToastCardProps = {
  /** Auto-close delay; null keeps the card until it is closed. */
  durationMs: number | null;
  swipeThresholdPx: number;
  onClose: () => void;
  role: 'status' | 'alert';
  className: string;
  children: ReactNode;
};

/**
 * One toast: closes itself after `durationMs`, pausing (and keeping the time left) while the pointer is
 * over it or focus is inside it; a swipe to the right past the threshold or Escape closes it.
 */
export function ToastCard({ durationMs, swipeThresholdPx, onClose, role, className, children }: ToastCardProps) {
  const t = useT();
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [dragging, setDragging] = useState(false);
  const [dragX, setDragX] = useState(0);
  const dragStart = useRef<number | null>(null);
  const remaining = useRef(durationMs);
  const closeFromTimer = useEffectEvent(onClose);

  const paused = hovered || focused || dragging;
  useEffect(() => {
    if (remaining.current === null || paused) return undefined;
    const startedAt = Date.now();
    const timer = setTimeout(() => closeFromTimer(), Math.max(0, remaining.current));
    return () => {
      clearTimeout(timer);
      if (remaining.current !== null) remaining.current -= Date.now() - startedAt;
    };
  }, [paused]);

  const onPointerDown = (event: PointerEvent<HTMLLIElement>) => {
    if ((event.target as HTMLElement).closest('button')) return;
    dragStart.current = event.clientX;
    setDragging(true);
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLLIElement>) => {
    if (dragStart.current !== null) setDragX(Math.max(0, event.clientX - dragStart.current));
  };
  const onPointerUp = () => {
    if (dragStart.current === null) return;
    dragStart.current = null;
    setDragging(false);
    if (dragX >= swipeThresholdPx) onClose();
    else setDragX(0);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLLIElement>) => {
    if (event.key === 'Escape') onClose();
  };

  return (
    <li
      className={className}
      style={dragX ? { transform: `translateX(${dragX}px)`, opacity: Math.max(0.3, 1 - dragX / (swipeThresholdPx * 4)) } : undefined}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onKeyDown={onKeyDown}
    >
      {/* The live region sits inside the list item: a list may only hold items (axe 'list'). */}
      <div role={role} className="stw-toast__live">
        {children}
      </div>
      <button type="button" className="stw-toast__close" aria-label={t('common.close')} onClick={onClose}>
        <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true">
          <path d="M3 3l8 8M11 3l-8 8" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
        </svg>
      </button>
    </li>
  );
}
