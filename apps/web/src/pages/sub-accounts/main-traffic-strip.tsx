import { ShoppingCartOutlined, WalletOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '../../lib/current-user';
import { paths } from '../../config/paths';
import { TrafficText } from '../../components/traffic-text';

/**
 * What the main account can still give to sub-accounts (the header's traffic left, kept fresh by the
 * list and every move), beside the add button; with nothing left, a way to buy more.
 */
export function MainTrafficStrip({ addButton }: { addButton: ReactNode }) {
  const navigate = useNavigate();
  const user = useCurrentUser();
  const { token } = theme.useToken();
  const left = user.traffic_left_bytes;
  return (
    <Card styles={{ body: { padding: '16px 24px' } }}>
      <Flex justify="space-between" align="center" gap={16} wrap>
        <Flex align="center" gap={16}>
          <WalletOutlined style={{ fontSize: 28, color: token.colorPrimary }} />
          <Flex vertical>
            <Typography.Text style={{ fontSize: 16 }}>
              <FormattedMessage
                id="subaccount.main.available"
                values={{
                  gb: (
                    <strong style={{ whiteSpace: 'nowrap' }}>
                      <TrafficText bytes={left} testId="main-traffic-left" />
                    </strong>
                  ),
                }}
              />
            </Typography.Text>
            <Typography.Text type="secondary">
              <FormattedMessage id="subaccount.main.hint" />
            </Typography.Text>
          </Flex>
        </Flex>
        <Flex gap={8} wrap>
          {left <= 0 && (
            <Button icon={<ShoppingCartOutlined />} onClick={() => void navigate(paths.newOrder)}>
              <FormattedMessage id="dashboard.buyTraffic" />
            </Button>
          )}
          {addButton}
        </Flex>
      </Flex>
    </Card>
  );
}
