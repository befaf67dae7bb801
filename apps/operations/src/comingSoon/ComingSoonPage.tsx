import { Typography } from '@steward/libs/ui/antd';
import { Card } from '@steward/libs/ui/antd-data';

/** A menu section the spec shows as a placeholder: it says so and shows no data. */
export function ComingSoonPage({ section }: { section: string }) {
  return (
    <Card>
      <Typography.Title level={2}>{section}</Typography.Title>
      <Typography.Paragraph>{section} are coming soon. This screen does not show any data yet.</Typography.Paragraph>
    </Card>
  );
}
