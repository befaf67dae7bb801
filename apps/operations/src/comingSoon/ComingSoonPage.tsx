import { Typography } from '@steward/libs/ui/antd';
import { Card } from '@steward/libs/ui/antd-data';
import { useT, type OperationsMessageId } from '../i18n';

export type ComingSoonSection = 'lists' | 'forms' | 'testPages';

const SECTIONS: Readonly<Record<ComingSoonSection, { title: OperationsMessageId; body: OperationsMessageId }>> = {
  lists: { title: 'comingSoon.lists.title', body: 'comingSoon.lists.body' },
  forms: { title: 'comingSoon.forms.title', body: 'comingSoon.forms.body' },
  testPages: { title: 'comingSoon.testPages.title', body: 'comingSoon.testPages.body' },
};

/** A menu section the spec shows as a placeholder: it says so and shows no data. */
export function ComingSoonPage({ section }: { section: ComingSoonSection }) {
  const t = useT();
  const words = SECTIONS[section];
  return (
    <Card>
      <Typography.Title level={2}>{t(words.title)}</Typography.Title>
      <Typography.Paragraph>{t(words.body)}</Typography.Paragraph>
    </Card>
  );
}
