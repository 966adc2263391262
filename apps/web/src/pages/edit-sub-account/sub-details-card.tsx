import type { SubAccount } from '@resiport/contract';
import { Card, Descriptions, Flex, Typography } from 'antd';
import { FormattedMessage } from 'react-intl';
import { CopyButton } from '../../components/copy-button';
import { PasswordText } from '../../features/subaccounts/components/password-text';
import { SubLimitTag } from '../../features/subaccounts/components/sub-limit-tag';
import { SubStatusSwitch } from '../../features/subaccounts/components/sub-status-switch';
import { credentialsOf } from '../../features/subaccounts/sub-account-text';
import { TrafficText } from '../../components/traffic-text';
import { SubOverrunLine } from '../../features/subaccounts/components/sub-overrun-line';
import { UtcDateTime } from '../../components/utc-date-time';

/** The sub-account as it is: read-only username, credentials, status (switchable), traffic, creation time. */
export function SubDetailsCard({ sub }: { sub: SubAccount }) {
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
            children: (
              <Flex align="center" gap={6} wrap>
                <SubStatusSwitch sub={sub} />
                <SubLimitTag sub={sub} />
              </Flex>
            ),
          },
          {
            key: 'allocated',
            label: <FormattedMessage id="editsub.allocated" />,
            children: <TrafficText bytes={sub.allocated_bytes} />,
          },
          {
            key: 'left',
            label: <FormattedMessage id="editsub.left" />,
            children: (
              <strong>
                <TrafficText bytes={sub.traffic_left_bytes} testId="sub-edit-left" />
              </strong>
            ),
          },
          {
            key: 'used',
            label: <FormattedMessage id="editsub.used" />,
            children: (
              <Flex vertical>
                <TrafficText bytes={sub.traffic_used_bytes} />
                <SubOverrunLine sub={sub} />
              </Flex>
            ),
          },
          {
            key: 'created',
            label: <FormattedMessage id="subaccount.col.created" />,
            children: <UtcDateTime iso={sub.created_at} />,
          },
        ]}
      />
    </Card>
  );
}
