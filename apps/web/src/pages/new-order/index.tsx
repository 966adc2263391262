import { Card, Col, Descriptions, Row, Typography } from 'antd';
import { FormattedMessage } from 'react-intl';
import { CRYPTO_FEE_PERCENT, DEFAULT_PAYMENT_WAY } from '../../config/business';
import { EmptyState } from '../../components/empty-state';
import { PageShell } from '../../components/page-shell';
import { UnitsNote } from '../../components/units-note';

/** /neworder: packages on the left, the order summary (payment way defaults to cryptomus) on the right. */
export default function NewOrderPage() {
  const dash = '—';
  return (
    <PageShell title="menu.neworder" subtitle="neworder.subtitle">
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={15}>
          <Card title={<FormattedMessage id="neworder.packages" />} extra={<UnitsNote />}>
            <EmptyState
              testId="packages-empty"
              title="neworder.packages.empty"
              hint="neworder.packages.emptyHint"
            />
          </Card>
        </Col>
        <Col xs={24} lg={9}>
          <Card title={<FormattedMessage id="neworder.summary" />}>
            <Descriptions
              column={1}
              size="small"
              items={[
                { key: 'package', label: <FormattedMessage id="neworder.summary.package" />, children: dash },
                {
                  key: 'pricePerGb',
                  label: <FormattedMessage id="neworder.summary.pricePerGb" />,
                  children: dash,
                },
                {
                  key: 'paymentWay',
                  label: <FormattedMessage id="neworder.summary.paymentWay" />,
                  children: <span style={{ textTransform: 'capitalize' }}>{DEFAULT_PAYMENT_WAY}</span>,
                },
                { key: 'total', label: <FormattedMessage id="neworder.summary.total" />, children: dash },
              ]}
            />
            <Typography.Paragraph type="secondary" style={{ marginTop: 16, marginBottom: 0 }}>
              <FormattedMessage id="payment.cryptoTerms" values={{ fee: CRYPTO_FEE_PERCENT }} />
            </Typography.Paragraph>
          </Card>
        </Col>
      </Row>
    </PageShell>
  );
}
