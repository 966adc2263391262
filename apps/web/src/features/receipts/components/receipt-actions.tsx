import { FilePdfOutlined, FileTextOutlined } from '@ant-design/icons';
import { receiptNumber, type ReceiptKind } from '@resiport/contract';
import { Button, Flex } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import { useOpenReceipt } from '../api/open-receipt';

/**
 * A paid row's receipt (decision 038): "Receipt" opens the printable page in a new tab, "PDF" saves
 * it as a file. Both are fetched with the session, so they are buttons, not links.
 */
export function ReceiptActions({ kind, id }: { kind: ReceiptKind; id: number }) {
  const intl = useIntl();
  const open = useOpenReceipt();
  const number = receiptNumber(kind, id);
  const busy = (format: 'html' | 'pdf') => open.isPending && open.variables.format === format;
  return (
    <Flex gap={4} wrap>
      <Button
        size="small"
        icon={<FileTextOutlined />}
        loading={busy('html')}
        title={intl.formatMessage({ id: 'receipt.open.label' }, { number })}
        data-testid="receipt-open"
        // The tab opens at the click: one opened once the answer is in would be a blocked pop-up.
        onClick={() => open.mutate({ kind, id, format: 'html', tab: window.open('', '_blank') })}
      >
        <FormattedMessage id="receipt.action.open" />
      </Button>
      <Button
        size="small"
        icon={<FilePdfOutlined />}
        loading={busy('pdf')}
        title={intl.formatMessage({ id: 'receipt.pdf.label' }, { number })}
        data-testid="receipt-pdf"
        onClick={() => open.mutate({ kind, id, format: 'pdf' })}
      >
        <FormattedMessage id="receipt.action.pdf" />
      </Button>
    </Flex>
  );
}
