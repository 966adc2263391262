import { InfoCircleOutlined } from '@ant-design/icons';
import { Typography } from 'antd';
import { FormattedMessage } from 'react-intl';
import type { MessageId } from '../locales/types';

/** States the decimal units next to traffic numbers (docs/architecture.md#ledger: 1 GB = 10^9 bytes, 1 MB = 10^6). */
export function UnitsNote({ id = 'common.units.gb' }: { id?: MessageId }) {
  return (
    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
      <InfoCircleOutlined /> <FormattedMessage id={id} />
    </Typography.Text>
  );
}
