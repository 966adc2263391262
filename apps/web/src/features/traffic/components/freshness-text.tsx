import { ClockCircleOutlined } from '@ant-design/icons';
import { Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { freshnessOf } from '../usage-periods';

/**
 * "Usage updated 14:05 UTC" (or with the date when not today), "No usage yet" before the first
 * batch: how current the figures are, since gateways report usage in batches.
 */
export function FreshnessText({ lastFlushAt, testId }: { lastFlushAt: string | null; testId?: string }) {
  const intl = useIntl();
  const [now] = useState(() => new Date());
  const freshness = freshnessOf(lastFlushAt, now);
  return (
    <Tooltip title={intl.formatMessage({ id: 'usage.freshness.hint' })}>
      <Typography.Text type="secondary" data-testid={testId} data-freshness={freshness.kind}>
        <ClockCircleOutlined />{' '}
        {freshness.kind === 'never' ? (
          <FormattedMessage id="usage.freshness.never" />
        ) : freshness.kind === 'today' ? (
          <FormattedMessage id="usage.freshness.today" values={{ time: freshness.time }} />
        ) : (
          <FormattedMessage id="usage.freshness.earlier" values={{ dateTime: freshness.dateTime }} />
        )}
      </Typography.Text>
    </Tooltip>
  );
}
