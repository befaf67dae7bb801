import { lazy, useState } from 'react';
import { isSystemDefault } from '@steward/libs/ui/core';
import { AntdTheme } from './antdTheme';
import { PlainTag } from './plain';
import { useT } from '@steward/libs/messages';

const LoadedTooltip = lazy(() => import('@steward/libs/ui/antd').then((antd) => ({ default: antd.Tooltip })));


/**
 * The 'S' badge of shared default rows (visible to every organisation, editable by none). Its tooltip
 * is antd's, loaded when the pointer first rests on the badge, so a list of such rows needs no antd
 * to draw.
 */
export function SystemBadge({ orgName }: { orgName: unknown }) {
  const t = useT();
  const [wanted, setWanted] = useState(false);
  if (!isSystemDefault(orgName)) return null;
  const tag = (
    <PlainTag color="geekblue" aria-label={t('badge.systemDefault')} style={{ marginInlineStart: 6 }} onPointerEnter={wanted ? undefined : () => setWanted(true)}>
      {t('badge.systemDefaultLetter')}
    </PlainTag>
  );
  if (!wanted) return tag;
  return (
    <AntdTheme fallback={tag}>
      <LoadedTooltip title={t('badge.systemDefaultTooltip')} openOnMount>
        {tag}
      </LoadedTooltip>
    </AntdTheme>
  );
}
