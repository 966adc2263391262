import { GiftOutlined } from '@ant-design/icons';
import type { TrafficPackage } from '@resiport/contract';
import { Alert, Flex, Switch, theme, Typography } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatTraffic } from '../../lib/format';

interface TrialOptionProps {
  trial: TrafficPackage;
  on: boolean;
  /** Why the trial cannot be had (e.g. already used), from the server. */
  problem: string | undefined;
  onChange: (on: boolean) => void;
}

/** The trial flag of docs/product.md#orders: turning it on chooses the trial package; nothing to pay, no coupon. */
export function TrialOption({ trial, on, problem, onChange }: TrialOptionProps) {
  const intl = useIntl();
  const { token } = theme.useToken();
  const traffic = formatTraffic(trial.traffic_bytes, intl.locale);
  return (
    <div
      data-testid={`order-package-${trial.code}`}
      data-selected={on}
      style={{
        padding: 16,
        borderRadius: token.borderRadiusLG,
        border: `1px dashed ${on ? token.colorSuccess : token.colorBorder}`,
        background: on ? token.colorSuccessBg : token.colorFillQuaternary,
      }}
    >
      <Flex justify="space-between" align="center" gap={16}>
        <Flex align="center" gap={12}>
          <GiftOutlined style={{ fontSize: 22, color: token.colorSuccess }} />
          <label htmlFor="order-trial" style={{ cursor: 'pointer' }}>
            <Typography.Text strong>
              <FormattedMessage id="neworder.trial.title" />
            </Typography.Text>
            <br />
            <Typography.Text type="secondary">
              <FormattedMessage id="neworder.trial.hint" values={{ traffic }} />
            </Typography.Text>
          </label>
        </Flex>
        <Switch id="order-trial" data-testid="order-trial" checked={on} onChange={onChange} />
      </Flex>
      {on && problem !== undefined && (
        <Alert type="warning" showIcon message={problem} style={{ marginTop: 12 }} />
      )}
      {on && problem === undefined && (
        <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
          <FormattedMessage id="neworder.trial.on" />
        </Typography.Paragraph>
      )}
    </div>
  );
}
