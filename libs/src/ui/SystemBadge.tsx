import { Tag, Tooltip } from '@steward/libs/antd';
import { isSystemDefault } from '@steward/libs/ui-core';

/** The 'S' badge of shared default rows (visible to every organisation, editable by none). */
export function SystemBadge({ orgName }: { orgName: unknown }) {
  if (!isSystemDefault(orgName)) return null;
  return (
    <Tooltip title="Shared default: visible to every organisation, not editable">
      <Tag color="geekblue" aria-label="System default" style={{ marginInlineStart: 6 }}>
        S
      </Tag>
    </Tooltip>
  );
}
