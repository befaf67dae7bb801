import { Tag } from '@steward/libs/antd';

export function PrimaryBadge() {
  return (
    <Tag color="blue" style={{ marginInlineStart: 6 }}>
      Primary
    </Tag>
  );
}
