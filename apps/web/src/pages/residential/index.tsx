import { ShoppingCartOutlined } from '@ant-design/icons';
import { Button, Grid, Space } from 'antd';
import { FormattedMessage } from 'react-intl';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { PageShell } from '../../components/page-shell';
import { useCheckoutReturn } from '../../lib/checkout-return';
import { ProxyGeneratorCard } from './generator-card';
import { OrderOutcome } from './order-outcome';
import { OrdersCard } from './orders-card';

/**
 * /residential: the residential orders (and, back from a crypto checkout with `?order_id=`, how
 * that payment stands), then the proxy list generator (its settings in the query string). On a
 * phone the generator comes first: it is what the page is opened for, and a list of order cards
 * above it pushed it four screens down.
 */
export default function ResidentialPage() {
  const navigate = useNavigate();
  const { id: orderId, dismiss: dismissOutcome } = useCheckoutReturn('order_id');
  const phone = Grid.useBreakpoint().sm === false;

  const buy = (
    <Button type="primary" icon={<ShoppingCartOutlined />} onClick={() => void navigate(paths.newOrder)}>
      <FormattedMessage id="dashboard.buyTraffic" />
    </Button>
  );
  return (
    <PageShell title="menu.residential" subtitle="residential.subtitle" extra={buy}>
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        {orderId !== undefined && <OrderOutcome key={orderId} orderId={orderId} onClose={dismissOutcome} />}
        {phone && <ProxyGeneratorCard />}
        <OrdersCard buyButton={buy} />
        {!phone && <ProxyGeneratorCard />}
      </Space>
    </PageShell>
  );
}
