import { PlainTag } from './plain';

export function PrimaryBadge() {
  return (
    <PlainTag color="blue" style={{ marginInlineStart: 6 }}>
      Primary
    </PlainTag>
  );
}
