import type { OverviewData } from '@resiport/contract';
import { Alert, Flex } from 'antd';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { paths } from '../../config/paths';

/** What waits for the operator: payments short of their amount, and invoices still open. */
export function AttentionCard({ invoices }: { invoices: OverviewData['invoices'] }) {
  const underpaid = `${paths.adminPayments}?${new URLSearchParams({ detail: 'underpaid' }).toString()}`;
  return (
    <Flex vertical gap={8} data-testid="overview-attention">
      {invoices.underpaid > 0 ? (
        <Alert
          type="warning"
          showIcon
          message={<FormattedMessage id="admin.overview.underpaid" values={{ count: invoices.underpaid }} />}
          action={
            <Link to={underpaid}>
              <FormattedMessage id="admin.overview.underpaid.open" />
            </Link>
          }
        />
      ) : (
        <Alert type="success" showIcon message={<FormattedMessage id="admin.overview.nothingWaits" />} />
      )}
      <Alert
        type="info"
        showIcon
        message={<FormattedMessage id="admin.overview.unpaid" values={{ count: invoices.unpaid }} />}
      />
    </Flex>
  );
}
