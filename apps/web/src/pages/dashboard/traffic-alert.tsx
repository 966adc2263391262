import { ShoppingCartOutlined, TeamOutlined } from '@ant-design/icons';
import type { SubAccount, UserInfo } from '@resiport/contract';
import { Alert, Button, Flex } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { editSubHref, paths } from '../../config/paths';
import { daysLeftAtRate, totalTrafficLeft, type TrafficAlert } from '../../features/traffic/traffic-alert';
import { formatTraffic } from '../../lib/format';

interface TrafficAlertBannerProps {
  level: Exclude<TrafficAlert, 'none'>;
  user: UserInfo;
  used30dBytes: number;
  /** The sub-accounts out of traffic, when the list has loaded (to name a single one). */
  emptySubs: SubAccount[] | undefined;
}

/**
 * The dashboard's traffic warning, saying what actually ran out (docs/product.md#traffic-totals): everything (an error),
 * the total running low (with how long it lasts at the recent rate), some sub-accounts (naming one
 * when only one is), or only the main account's unallocated traffic while sub-accounts hold theirs.
 */
export function TrafficAlertBanner({ level, user, used30dBytes, emptySubs }: TrafficAlertBannerProps) {
  const intl = useIntl();
  const navigate = useNavigate();
  const traffic = (bytes: number) => formatTraffic(bytes, intl.locale);
  const total = totalTrafficLeft(user);
  const days = daysLeftAtRate(total, used30dBytes);
  const buy = (
    <Button
      type="primary"
      danger={level === 'empty'}
      icon={<ShoppingCartOutlined />}
      onClick={() => void navigate(paths.newOrder)}
    >
      <FormattedMessage id="dashboard.buyTraffic" />
    </Button>
  );
  const openSubs = (
    <Button icon={<TeamOutlined />} onClick={() => void navigate(paths.subAccounts)}>
      <FormattedMessage id="dashboard.subsEmpty.open" />
    </Button>
  );

  const count = user.subaccounts_empty_count;
  const onlySub = count === 1 && emptySubs?.length === 1 ? emptySubs[0] : undefined;
  // Traffic the main account holds is allocated, not bought: buying is offered only when it has none.
  const allocate = (
    <Button
      type="primary"
      icon={<TeamOutlined />}
      data-testid="dashboard-allocate"
      onClick={() => void navigate(onlySub ? editSubHref(onlySub.id) : paths.subAccounts)}
    >
      <FormattedMessage id="dashboard.subsEmpty.allocate" />
    </Button>
  );
  const subsAction =
    user.traffic_left_bytes > 0 ? (
      allocate
    ) : (
      <>
        {openSubs}
        {buy}
      </>
    );
  const content = {
    empty: {
      title: <FormattedMessage id="dashboard.empty.title" />,
      text: <FormattedMessage id="dashboard.empty.text" />,
    },
    low: {
      title: <FormattedMessage id="dashboard.low.title" />,
      text: (
        <>
          <FormattedMessage id="dashboard.low.text" values={{ left: traffic(total) }} />
          {days !== undefined && (
            <>
              {' '}
              <FormattedMessage id="dashboard.low.rate" values={{ days }} />
            </>
          )}
        </>
      ),
    },
    subsEmpty: {
      title: onlySub ? (
        <FormattedMessage id="dashboard.subEmpty.title" values={{ name: onlySub.username }} />
      ) : (
        <FormattedMessage id="dashboard.subsEmpty.title" values={{ count }} />
      ),
      text: (
        <FormattedMessage
          id="dashboard.subsEmpty.text"
          values={{ count, main: traffic(user.traffic_left_bytes) }}
        />
      ),
    },
    mainEmpty: {
      title: <FormattedMessage id="dashboard.mainEmpty.title" />,
      text: (
        <FormattedMessage
          id="dashboard.mainEmpty.text"
          values={{ subs: traffic(user.subaccounts_traffic_left_bytes) }}
        />
      ),
    },
  }[level];

  return (
    <Alert
      data-testid="dashboard-low-traffic"
      data-level={level}
      // Red only when every proxy has stopped; the rest are warnings.
      type={level === 'empty' ? 'error' : level === 'mainEmpty' ? 'info' : 'warning'}
      showIcon
      message={content.title}
      description={content.text}
      action={
        <Flex vertical gap={8}>
          {level === 'subsEmpty' ? subsAction : buy}
        </Flex>
      }
    />
  );
}
