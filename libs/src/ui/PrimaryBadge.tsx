import { PlainTag } from '@steward/libs/ui-core';

export function PrimaryBadge() {
  return (
    <PlainTag color="blue" style={{ marginInlineStart: 6 }}>
      Primary
    </PlainTag>
  );
}
