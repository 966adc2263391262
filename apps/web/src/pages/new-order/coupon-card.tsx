import { CloseOutlined, TagOutlined } from '@ant-design/icons';
import type { OrderQuote } from '@resiport/contract';
import { Button, Card, Form, Input, Space, Tag } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatUsd } from '../../lib/format';
import type { CouponState } from './use-coupon';

interface CouponCardProps {
  coupon: CouponState;
  /** The quote, for what the applied coupon takes off. */
  quote: OrderQuote | undefined;
  /** Nothing to quote yet (no choice, a quantity out of range). */
  canApply: boolean;
  /** The trial takes no coupon. */
  trial: boolean;
}

/** The coupon field: Apply checks it with the server; an applied coupon is a tag that can be removed. */
export function CouponCard({ coupon, quote, canApply, trial }: CouponCardProps) {
  const intl = useIntl();
  const applied = trial ? undefined : coupon.applied;
  const error = trial ? undefined : coupon.error;

  const appliedText = () => {
    const terms = quote?.coupon;
    if (applied === undefined || terms?.code !== applied) return applied;
    return terms.kind === 'percent'
      ? intl.formatMessage({ id: 'neworder.coupon.percentOff' }, { code: applied, percent: terms.value })
      : intl.formatMessage(
          { id: 'neworder.coupon.amountOff' },
          { code: applied, amount: formatUsd(terms.value, intl.locale) },
        );
  };

  return (
    <Card title={<FormattedMessage id="neworder.coupon" />}>
      <Form.Item
        validateStatus={error === undefined ? undefined : 'error'}
        help={trial ? intl.formatMessage({ id: 'neworder.coupon.trial' }) : error}
        style={{ marginBottom: 0 }}
      >
        {applied === undefined ? (
          <Space.Compact style={{ width: '100%', maxWidth: 440 }}>
            <Input
              data-testid="order-coupon"
              aria-label={intl.formatMessage({ id: 'neworder.coupon' })}
              placeholder={intl.formatMessage({ id: 'neworder.coupon.placeholder' })}
              prefix={<TagOutlined />}
              maxLength={32}
              autoComplete="off"
              value={trial ? '' : coupon.text}
              disabled={trial}
              status={error === undefined ? undefined : 'error'}
              onChange={(event) => coupon.setText(event.target.value)}
              onPressEnter={() => void coupon.apply()}
            />
            <Button
              data-testid="order-coupon-apply"
              loading={coupon.applying}
              disabled={trial || !canApply || coupon.text.trim() === ''}
              onClick={() => void coupon.apply()}
            >
              <FormattedMessage id="neworder.coupon.apply" />
            </Button>
          </Space.Compact>
        ) : (
          <Tag
            data-testid="order-coupon-tag"
            color={error === undefined ? 'green' : 'error'}
            icon={<TagOutlined />}
            closable
            closeIcon={<CloseOutlined aria-label={intl.formatMessage({ id: 'neworder.coupon.remove' })} />}
            onClose={(event) => {
              event.preventDefault();
              coupon.remove();
            }}
            style={{ fontSize: 14, padding: '4px 8px' }}
          >
            {appliedText()}
          </Tag>
        )}
      </Form.Item>
    </Card>
  );
}
