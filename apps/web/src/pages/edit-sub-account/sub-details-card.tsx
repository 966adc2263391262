import type { SubAccount } from '@resiport/contract';
import { Card, Descriptions, Flex, Typography } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import { CopyButton } from '../../components/copy-button';
import { PasswordText } from '../../features/subaccounts/components/password-text';
import { SubStatusSwitch } from '../../features/subaccounts/components/sub-status-switch';
import { credentialsOf } from '../../features/subaccounts/sub-account-text';
import { formatLocalDateTime } from '../../lib/dates';
import { formatGbFixed, formatGbLeft } from '../../lib/units';

/** The sub-account as it is: read-only username, credentials, status (switchable), traffic, creation time. */
export function SubDetailsCard({ sub }: { sub: SubAccount }) {
  const intl = useIntl();
  const gb = (text: string) => intl.formatMessage({ id: 'subaccount.gb' }, { gb: text });
  return (
    <Card
      title={<FormattedMessage id="editsub.details" />}
      extra={
        <CopyButton text={credentialsOf(sub)} size="small" label="subaccount.action.copy" testId="sub-copy" />
      }
    >
      <Descriptions
        column={1}
        size="small"
        items={[
          {
            key: 'username',
            label: <FormattedMessage id="subaccount.col.username" />,
            children: (
              <Flex align="center" gap={2}>
                <Typography.Text strong data-testid="sub-edit-username">
                  {sub.username}
                </Typography.Text>
                <CopyButton
                  text={sub.username}
                  iconOnly
                  size="small"
                  type="text"
                  label="subaccount.copyUsername"
                />
              </Flex>
            ),
          },
          {
            key: 'password',
            label: <FormattedMessage id="subaccount.col.password" />,
            children: <PasswordText password={sub.password} />,
          },
          {
            key: 'status',
            label: <FormattedMessage id="subaccount.col.status" />,
            children: <SubStatusSwitch sub={sub} />,
          },
          {
            key: 'allocated',
            label: <FormattedMessage id="editsub.allocated" />,
            children: gb(formatGbFixed(sub.allocated_bytes, intl.locale)),
          },
          {
            key: 'left',
            label: <FormattedMessage id="editsub.left" />,
            children: <strong>{gb(formatGbLeft(sub.traffic_left_bytes, intl.locale))}</strong>,
          },
          {
            key: 'used',
            label: <FormattedMessage id="editsub.used" />,
            children: gb(formatGbFixed(sub.traffic_used_bytes, intl.locale)),
          },
          {
            key: 'created',
            label: <FormattedMessage id="subaccount.col.created" />,
            children: formatLocalDateTime(sub.created_at),
          },
        ]}
      />
    </Card>
  );
}
