import { Typography } from '@steward/libs/ui/antd';
import { Card } from '@steward/libs/ui/antd-data';
import { PageFrame } from '@steward/libs/ui';
import { useT } from '../i18n';

/** /orders: shown in the menu as a placeholder; it says so and shows no data. */
export function OrdersPage() {
  const t = useT();
  return (
    <PageFrame title={t('orders.title')}>
      <Card>
        <Typography.Paragraph>{t('orders.comingSoon')}</Typography.Paragraph>
      </Card>
    </PageFrame>
  );
}
