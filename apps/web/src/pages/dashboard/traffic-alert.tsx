import { ShoppingCartOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { daysLeftAtRate, type TrafficAlert } from '../../features/traffic/traffic-alert';
import { formatGbLeft } from '../../lib/units';

interface TrafficAlertBannerProps {
  level: Exclude<TrafficAlert, 'none'>;
  leftBytes: number;
  used30dBytes: number;
}

/** Low traffic (a warning, with how long it lasts at the recent rate) or none left (an error), both with Buy traffic. */
export function TrafficAlertBanner({ level, leftBytes, used30dBytes }: TrafficAlertBannerProps) {
  const intl = useIntl();
  const navigate = useNavigate();
  const days = daysLeftAtRate(leftBytes, used30dBytes);
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
  return (
    <Alert
      data-testid="dashboard-low-traffic"
      data-level={level}
      type={level === 'empty' ? 'error' : 'warning'}
      showIcon
      message={<FormattedMessage id={level === 'empty' ? 'dashboard.empty.title' : 'dashboard.low.title'} />}
      description={
        level === 'empty' ? (
          <FormattedMessage id="dashboard.empty.text" />
        ) : (
          <>
            <FormattedMessage
              id="dashboard.low.text"
              values={{ left: formatGbLeft(leftBytes, intl.locale) }}
            />
            {days !== undefined && (
              <>
                {' '}
                <FormattedMessage id="dashboard.low.rate" values={{ days }} />
              </>
            )}
          </>
        )
      }
      action={buy}
    />
  );
}
