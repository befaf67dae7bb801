import type { ReactNode } from 'react';
import { Alert, Flex, Typography } from '@steward/libs/antd';

/** A screen's frame: heading, actions on the right, an error banner, then the content. */
export function PageFrame({ title, actions, error, children }: { title?: ReactNode; actions?: ReactNode; error?: string | null; children: ReactNode }) {
  return (
    <section style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      {title || actions ? (
        <Flex justify="space-between" align="center" wrap gap={8}>
          {title ? <Typography.Title level={3} style={{ margin: 0 }}>{title}</Typography.Title> : <span />}
          {actions ? <Flex gap={8} wrap>{actions}</Flex> : null}
        </Flex>
      ) : null}
      {error ? <Alert type="error" showIcon title={error} /> : null}
      {children}
    </section>
  );
}
