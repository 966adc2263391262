import { Alert, Card, Col, Descriptions, Row } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import { CRYPTO_FEE_PERCENT, DEFAULT_PAYMENT_WAY, MIN_RECHARGE_USD } from '../../config/business';
import { EmptyState } from '../../components/empty-state';
import { EmptyTable, type ColumnSpec } from '../../components/empty-table';
import { PageShell } from '../../components/page-shell';

const columns: ColumnSpec[] = [
  { key: 'amount', title: 'recharge.col.amount', align: 'right' },
  { key: 'status', title: 'recharge.col.status' },
  { key: 'time', title: 'recharge.col.time' },
];

/** /recharge: top-up terms (minimum 20 USD, crypto fee) and the recharge record. */
export default function RechargePage() {
  const intl = useIntl();
  const usd = (value: number) => intl.formatNumber(value, { style: 'currency', currency: 'USD' });
  return (
    <PageShell title="menu.recharge" subtitle="recharge.subtitle">
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={10}>
          <Card title={<FormattedMessage id="recharge.addFunds" />}>
            <Descriptions
              column={1}
              size="small"
              items={[
                {
                  key: 'min',
                  label: <FormattedMessage id="recharge.minimum" />,
                  children: usd(MIN_RECHARGE_USD),
                },
                {
                  key: 'way',
                  label: <FormattedMessage id="neworder.summary.paymentWay" />,
                  children: <span style={{ textTransform: 'capitalize' }}>{DEFAULT_PAYMENT_WAY}</span>,
                },
                {
                  key: 'fee',
                  label: <FormattedMessage id="recharge.fee" />,
                  children: `${CRYPTO_FEE_PERCENT}%`,
                },
              ]}
            />
            <Alert
              type="info"
              showIcon
              style={{ marginTop: 16 }}
              data-testid="recharge-not-open"
              message={<FormattedMessage id="recharge.notOpen" />}
              description={<FormattedMessage id="payment.cryptoTerms" values={{ fee: CRYPTO_FEE_PERCENT }} />}
            />
          </Card>
        </Col>
        <Col xs={24} lg={14}>
          <Card title={<FormattedMessage id="recharge.record" />}>
            <EmptyTable
              testId="recharge-record-table"
              columns={columns}
              empty={<EmptyState title="recharge.record.empty" hint="recharge.record.emptyHint" />}
            />
          </Card>
        </Col>
      </Row>
    </PageShell>
  );
}
