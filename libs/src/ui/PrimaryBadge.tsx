import { PlainTag } from './plain';
import { useT } from '@steward/libs/messages';

export function PrimaryBadge() {
  const t = useT();
  return (
    <PlainTag color="blue" style={{ marginInlineStart: 6 }}>
      {t('history.field.primary')}
    </PlainTag>
  );
}
