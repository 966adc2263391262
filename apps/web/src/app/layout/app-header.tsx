import { WalletOutlined } from '@ant-design/icons';
import { Button, Flex, Tag, theme, Tooltip } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { LanguageSwitch } from '../../components/language-switch';
import { trafficLeftParts } from '../../features/traffic/traffic-alert';
import { formatTraffic, formatTrafficTotal, formatUsd } from '../../lib/format';
import { accessOf } from '../../lib/access';
import { useCurrentUser } from '../../lib/current-user';
import { UserMenu } from './user-menu';
import { inStickyHeader } from './sticky-header-popup';

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
        <Tag color="gold" className="app-header-operator" data-testid="operator-tag">
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
        {/* The customer's total: traffic allocated to sub-accounts is still theirs (docs/product.md#traffic-totals). */}
        <Tooltip
          getPopupContainer={inStickyHeader}
          classNames={{ root: 'app-header-popup' }}
          title={
            <div data-testid="header-traffic-split">
              <div>
                <FormattedMessage
                  id="layout.trafficSplit.main"
                  values={{ amount: formatTraffic(user.traffic_left_bytes, intl.locale) }}
                />
              </div>
              {user.subaccounts_count > 0 && (
                <div>
                  <FormattedMessage
                    id="layout.trafficSplit.subs"
                    values={{
                      count: user.subaccounts_count,
                      amount: formatTraffic(user.subaccounts_traffic_left_bytes, intl.locale),
                    }}
                  />
                </div>
              )}
            </div>
          }
        >
          <strong data-testid="header-traffic" tabIndex={0} style={{ color: token.colorText }}>
            {/* The sum of the two parts above as shown, so the tooltip adds up (docs/product.md#traffic-totals). */}
            {formatTrafficTotal(trafficLeftParts(user), intl.locale)}
          </strong>
        </Tooltip>
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
