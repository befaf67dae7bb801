import { useLocation } from 'react-router';
import { Card, Tag, Typography } from '@steward/libs/antd';
import { useSession } from '@steward/libs/session';
import { findRoute, type RemoteArea } from '@steward/libs/federation';

/**
 * An honest placeholder for a screen whose own release has not landed yet: the route, menu item and
 * page title are real, the content says it is coming. It also shows what the remote reads from the
 * shell (session, organisation) and its build version.
 */
export function AreaPlaceholder({ area }: { area: Pick<RemoteArea, 'title' | 'version'> }) {
  const { pathname } = useLocation();
  const { user, orgName, loading } = useSession();
  const section = findRoute(pathname)?.section ?? area.title;
  return (
    <Card>
      <Typography.Title level={2}>{section}</Typography.Title>
      <Typography.Paragraph>
        This {area.title} screen is coming in a later release. Its route and menu entry already work.
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary" data-testid="area-session">
        {loading ? 'Loading...' : user ? `Signed in as ${user.email ?? 'unknown'}${orgName ? ` · ${orgName}` : ''}` : 'Signed Out'}
      </Typography.Paragraph>
      <Tag data-testid="area-version">
        {area.title} {area.version}
      </Tag>
    </Card>
  );
}
