/**
 * antd's Progress (a determinate bar), drawn without antd: role=progressbar with its value, bounds and a text saying what is done
 * ("20,000 of 100,000 rows"), read by screen readers and shown beside the bar.
 */
export function PlainProgress({ label, value, max, text }: { label: string; value: number; max: number; text: string }) {
  const percent = max > 0 ? Math.min(100, Math.round((value / max) * 100)) : 0;
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={value}
        aria-valuetext={text}
        tabIndex={0}
        style={{ height: 8, borderRadius: 4, background: '#e5e7eb', overflow: 'hidden' }}
      >
        <div style={{ width: `${percent}%`, height: '100%', background: '#1d4ed8', transition: 'width 120ms linear' }} />
      </div>
      <span aria-hidden="true">{text}</span>
    </div>
  );
}
