import type { AdminOrderRow } from '@resiport/contract';
import { Alert, Descriptions, Form, message, Spin } from 'antd';
import { useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { FadeModal } from '../../components/fade-modal';
import { TrafficText } from '../../components/traffic-text';
import { ReasonField } from '../../features/admin/components/reason-field';
import { ConfirmStep } from '../../features/admin/payments/components/confirm-step';
import { useRefundOrder, useRefundQuote } from '../../features/admin/payments/api/refund-order';
import { isApiError } from '../../lib/api-error';
import { showServerFieldErrors } from '../../lib/form-errors';
import { formatTraffic, formatUsd } from '../../lib/format';
import { newIdempotencyKey } from '../../lib/idempotency-key';
import { FormProblem } from '../../components/form-problem';

interface RefundDialogProps {
  order: AdminOrderRow | undefined;
  onClose: () => void;
}

/**
 * Refund a balance-paid order (POST /admin/payments/refund): what it would remove and return is asked
 * when the dialog opens (the server's own figures), then a reason, then a confirmation. A refusal
 * keeps the dialog open with the server's words.
 */
export function RefundDialog({ order, onClose }: RefundDialogProps) {
  return (
    <FadeModal
      open={order !== undefined}
      title={order && <FormattedMessage id="admin.payments.refund.title" values={{ id: order.id }} />}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
      width={520}
    >
      {order && <RefundForm order={order} onDone={onClose} />}
    </FadeModal>
  );
}

function RefundForm({ order, onDone }: { order: AdminOrderRow; onDone: () => void }) {
  const intl = useIntl();
  const [form] = Form.useForm<{ reason: string }>();
  const quote = useRefundQuote(order.id);
  const refund = useRefundOrder();
  // One key per dialog: a retry after a lost answer is the same refund, never a second.
  const key = useRef(newIdempotencyKey());
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string>();
  const usd = (cents: number) => formatUsd(cents, intl.locale);
  const refused = quote.isError ? (isApiError(quote.error) ? quote.error.message : '') : undefined;

  const send = async () => {
    setProblem(undefined);
    try {
      const { reason } = await form.validateFields();
      const done = await refund.mutateAsync({
        order_id: order.id,
        reason: reason.trim(),
        idempotency_key: key.current,
      });
      void message.success(
        intl.formatMessage(
          { id: 'admin.payments.refund.done' },
          { amount: usd(done.refunded_cents), traffic: formatTraffic(done.removed_bytes, intl.locale) },
        ),
      );
      onDone();
    } catch (error) {
      setConfirming(false);
      if (isApiError(error)) setProblem(error.message);
      showServerFieldErrors(form, error, ['reason']);
    }
  };

  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={() => setConfirming(true)}>
      <FormProblem problem={problem} testId="refund-problem" />
      {quote.isPending && <Spin style={{ display: 'block', margin: '16px auto' }} />}
      {refused !== undefined && (
        <Alert
          type="error"
          showIcon
          message={refused}
          style={{ marginBottom: 16 }}
          data-testid="refund-refused"
        />
      )}
      {quote.data && (
        <Descriptions
          size="small"
          column={1}
          bordered
          style={{ marginBottom: 16 }}
          data-testid="refund-quote"
          items={[
            {
              key: 'removed',
              label: <FormattedMessage id="admin.payments.refund.removed" />,
              children: (
                <FormattedMessage
                  id="admin.payments.refund.removedOf"
                  values={{
                    removed: <TrafficText bytes={quote.data.removed_bytes} />,
                    total: <TrafficText bytes={quote.data.order_bytes} />,
                  }}
                />
              ),
            },
            {
              key: 'returned',
              label: <FormattedMessage id="admin.payments.refund.returned" />,
              children: (
                <FormattedMessage
                  id="admin.payments.refund.returnedOf"
                  values={{ returned: usd(quote.data.refunded_cents), paid: usd(quote.data.paid_cents) }}
                />
              ),
            },
          ]}
        />
      )}
      <ReasonField testId="refund-reason" />
      <ConfirmStep
        testId="refund"
        confirming={confirming}
        warning={
          <FormattedMessage
            id="admin.payments.refund.warning"
            values={{
              email: order.email,
              amount: usd(quote.data?.refunded_cents ?? 0),
              traffic: formatTraffic(quote.data?.removed_bytes ?? 0, intl.locale),
            }}
          />
        }
        submit="admin.payments.refund.submit"
        confirm="admin.payments.refund.confirm"
        disabled={quote.data === undefined}
        pending={refund.isPending}
        onBack={() => setConfirming(false)}
        onCancel={onDone}
        onConfirm={() => void send()}
      />
    </Form>
  );
}
