import { ApiOutlined, ShoppingCartOutlined, WalletOutlined } from '@ant-design/icons';
import { Button, Card, Flex } from 'antd';
import { FormattedMessage } from 'react-intl';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';

/** The three things a customer comes back for. */
export function QuickActions() {
  const navigate = useNavigate();
  return (
    <Card title={<FormattedMessage id="dashboard.actions" />}>
      <Flex gap={8} wrap>
        <Button
          type="primary"
          icon={<ShoppingCartOutlined />}
          data-testid="dashboard-buy"
          onClick={() => void navigate(paths.newOrder)}
        >
          <FormattedMessage id="dashboard.buyTraffic" />
        </Button>
        <Button
          icon={<WalletOutlined />}
          data-testid="dashboard-add-funds"
          onClick={() => void navigate(paths.recharge)}
        >
          <FormattedMessage id="layout.addFunds" />
        </Button>
        <Button
          icon={<ApiOutlined />}
          data-testid="dashboard-generate"
          onClick={() => void navigate(paths.residential)}
        >
          <FormattedMessage id="dashboard.generate" />
        </Button>
      </Flex>
    </Card>
  );
}
