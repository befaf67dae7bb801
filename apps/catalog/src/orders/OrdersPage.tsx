import { Typography } from '@steward/libs/ui/antd';
import { Card } from '@steward/libs/ui/antd-data';
import { PageFrame } from '@steward/libs/ui';

/** /orders: shown in the menu as a placeholder; it says so and shows no data. */
export function OrdersPage() {
  return (
    <PageFrame title="Orders">
      <Card>
        <Typography.Paragraph>Orders are coming soon. This screen does not show any order data yet.</Typography.Paragraph>
      </Card>
    </PageFrame>
  );
}
