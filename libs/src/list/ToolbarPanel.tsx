import { useId, useState, type CSSProperties, type ReactNode } from 'react';
import { PlainButton } from '@steward/libs/ui';
import './listTable.css';

/**
 * A list toolbar's button that opens a panel under it (Columns, Views): a group named by its legend,
 * closed by the button again, by Escape, or by the panel itself (`children` gets `close`). `beside`
 * shows next to the button. On a phone the panel spans the row of the list's actions (`stw-list-actions`)
 * rather than hanging from a button far along it, off the screen's edge.
 */
export function ToolbarPanel({
  label,
  legend,
  className,
  size,
  beside,
  children,
}: {
  label: string;
  legend: string;
  className: string;
  size: { minWidth: number; maxHeight: number };
  beside?: ReactNode;
  children: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const close = () => setOpen(false);
  return (
    <div className="stw-list-panel-anchor">
      <PlainButton aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((value) => !value)}>
        {label}
      </PlainButton>
      {beside}
      {open ? (
        <fieldset
          id={panelId}
          className={`stw-list-panel ${className}`}
          style={{ '--stw-panel-min-width': `${size.minWidth}px`, '--stw-panel-max-height': `${size.maxHeight}px` } as CSSProperties}
          onKeyDown={(event) => {
            if (event.key === 'Escape') close();
          }}
        >
          <legend style={{ fontWeight: 600, padding: 0 }}>{legend}</legend>
          {children(close)}
        </fieldset>
      ) : null}
    </div>
  );
}
