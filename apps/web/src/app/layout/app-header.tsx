import { WalletOutlined } from '@ant-design/icons';
import { Button, Flex, Tag, theme } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { LanguageSwitch } from '../../components/language-switch';
import { formatGbLeft, formatUsd } from '../../lib/units';
import { accessOf } from '../../lib/access';
import { useCurrentUser } from '../../lib/current-user';
import { UserMenu } from './user-menu';

/**
 * The bar above every signed-in page: operator badge, balance, traffic left and add funds, language,
 * account menu. Balance and traffic come from the current-user query, which payments refresh.
 */
export function AppHeader() {
  const user = useCurrentUser();
  const { canSeeAdmin } = accessOf(user);
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const intl = useIntl();
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
      <span style={{ color: token.colorTextSecondary, whiteSpace: 'nowrap' }}>
        <span className="app-header-words">
          <FormattedMessage id="layout.balance" />{' '}
        </span>
        <strong data-testid="header-balance" style={{ color: token.colorText }}>
          {formatUsd(user.balance_cents, intl.locale)}
        </strong>
      </span>
      <span className="app-header-traffic" style={{ color: token.colorTextSecondary, whiteSpace: 'nowrap' }}>
        <span className="app-header-words">
          <FormattedMessage id="layout.trafficLeft" />{' '}
        </span>
        <strong data-testid="header-traffic" style={{ color: token.colorText }}>
          {formatGbLeft(user.traffic_left_bytes, intl.locale)} <FormattedMessage id="common.unit.gb" />
        </strong>
      </span>
      <Button
        type="link"
        icon={<WalletOutlined />}
        aria-label={intl.formatMessage({ id: 'layout.addFunds' })}
        data-testid="header-add-funds"
        onClick={() => void navigate(paths.recharge)}
      >
        <span className="app-header-words">
          <FormattedMessage id="layout.addFunds" />
        </span>
      </Button>
      <LanguageSwitch />
      <UserMenu email={user.email} />
    </Flex>
  );
}
