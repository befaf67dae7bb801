import type { ComponentProps } from 'react';
import { ConfigProvider as AntdConfigProvider } from 'antd';
import LoadingOutlined from '@ant-design/icons/LoadingOutlined';

/**
 * A busy button's icon, shown and taken away as the button's state changes. antd's own slides in and
 * out, and when a request failed within a frame or two its way out waited for a transition that never
 * ran: the icon stayed in the button, unseen, and the button's name read "loading Sign In" until the
 * page was left (11 of 30 quick failures in a browser).
 */
const BUTTON = { loadingIcon: <LoadingOutlined /> };

/** antd's ConfigProvider with the platform's defaults (a busy button's icon); a screen's own settings win. */
export function ConfigProvider({ button, ...props }: ComponentProps<typeof AntdConfigProvider>) {
  return <AntdConfigProvider {...props} button={{ ...BUTTON, ...button }} />;
}
