import { WalletOutlined } from '@ant-design/icons';
import { Button, Flex, Tag, theme } from 'antd';
import { FormattedMessage } from 'react-intl';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { LanguageSwitch } from '../../components/language-switch';
import { accessOf } from '../access';
import { useCurrentUser } from '../current-user';
import { UserMenu } from './user-menu';

/** The bar above every signed-in page: operator badge, add funds, language, account menu. */
export function AppHeader() {
  const user = useCurrentUser();
  const { canSeeAdmin } = accessOf(user);
  const { token } = theme.useToken();
  const navigate = useNavigate();
  return (
    <Flex
      component="header"
      justify="flex-end"
      align="center"
      gap={8}
      style={{
        position: 'sticky',
        top: 0,
        zIndex: 10,
        height: 56,
        padding: '0 24px',
        background: token.colorBgContainer,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      {canSeeAdmin && (
        <Tag color="gold" data-testid="operator-tag">
          <FormattedMessage id="layout.operator" />
        </Tag>
      )}
      <Button
        type="link"
        icon={<WalletOutlined />}
        data-testid="header-add-funds"
        onClick={() => void navigate(paths.recharge)}
      >
        <FormattedMessage id="layout.addFunds" />
      </Button>
      <LanguageSwitch />
      <UserMenu email={user.email} />
    </Flex>
  );
}
