import type { ReactNode } from 'react';
import { LazyAlert, PlainTitle } from './plain';

/** A screen's frame: heading, actions on the right, an error banner, then the content. */
export function PageFrame({ title, actions, error, children }: { title?: ReactNode; actions?: ReactNode; error?: string | null; children: ReactNode }) {
  return (
    <section style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      {title || actions ? (
        <div className="stw-flex" style={{ flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'center', gap: 8 }}>
          {title ? <PlainTitle>{title}</PlainTitle> : <span />}
          {actions ? <div className="stw-flex" style={{ flexWrap: 'wrap', gap: 8 }}>{actions}</div> : null}
        </div>
      ) : null}
      {error ? <LazyAlert type="error" showIcon title={error} /> : null}
      {children}
    </section>
  );
}
