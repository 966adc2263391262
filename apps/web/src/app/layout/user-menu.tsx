import {
  DownOutlined,
  LogoutOutlined,
  SettingOutlined,
  UserOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Avatar, Button, Dropdown } from 'antd';
import { FormattedMessage } from 'react-intl';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { PRIMARY_COLOR } from '../../config/theme';
import { signOut } from '../sign-out';
import { inStickyHeader } from './sticky-header-popup';

/** The account menu: settings, add funds, sign out (recharge and settings are not side-menu items). */
export function UserMenu({ email }: { email: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <Dropdown
      trigger={['click']}
      // The header is sticky: a menu left in the page's body would drift from it whenever the page
      // scrolls under it, until re-aligned — and a click made in between landed on the page behind.
      getPopupContainer={inStickyHeader}
      overlayClassName="app-header-popup"
      menu={{
        items: [
          {
            key: 'settings',
            icon: <SettingOutlined />,
            label: <FormattedMessage id="layout.userMenu.settings" />,
            onClick: () => void navigate(paths.accountSettings),
          },
          {
            key: 'recharge',
            icon: <WalletOutlined />,
            label: <FormattedMessage id="layout.addFunds" />,
            onClick: () => void navigate(paths.recharge),
          },
          { type: 'divider' },
          {
            key: 'logout',
            icon: <LogoutOutlined />,
            danger: true,
            label: (
              <span data-testid="sign-out">
                <FormattedMessage id="layout.userMenu.signOut" />
              </span>
            ),
            onClick: () => void signOut(navigate, queryClient),
          },
        ],
      }}
    >
      <Button type="text" data-testid="user-menu" style={{ height: 40 }}>
        <Avatar size="small" icon={<UserOutlined />} style={{ backgroundColor: PRIMARY_COLOR }} />
        <span data-testid="user-email" className="app-header-words">
          {email}
        </span>
        <DownOutlined style={{ fontSize: 10 }} />
      </Button>
    </Dropdown>
  );
}
