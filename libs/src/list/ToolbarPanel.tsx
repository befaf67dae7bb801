import { useId, useState, type ReactNode } from 'react';
import { PlainButton } from '@steward/libs/ui';

const panelStyle = {
  position: 'absolute',
  zIndex: 20,
  top: '100%',
  left: 0,
  marginTop: 4,
  overflowY: 'auto',
  padding: '8px 12px',
  background: 'Canvas',
  color: 'CanvasText',
  border: '1px solid #8c8c8c',
  borderRadius: 6,
  boxShadow: '0 6px 16px rgba(0,0,0,0.12)',
} as const;

/**
 * A list toolbar's button that opens a panel under it (Columns, Views): a group named by its legend,
 * closed by the button again, by Escape, or by the panel itself (`children` gets `close`). `beside`
 * shows next to the button.
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
    <div style={{ position: 'relative', display: 'inline-flex', alignItems: 'center', gap: 6 }}>
      <PlainButton aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((value) => !value)}>
        {label}
      </PlainButton>
      {beside}
      {open ? (
        <fieldset
          id={panelId}
          className={className}
          style={{ ...panelStyle, ...size }}
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
