import type { AdminInvoiceRow, InvoiceResolutionChoice } from '@resiport/contract';
import { Descriptions, Form, message, Radio, Space, Typography } from 'antd';
import { useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { FadeModal } from '../../components/fade-modal';
import { ReasonField } from '../../features/admin/components/reason-field';
import { useResolveInvoice } from '../../features/admin/payments/api/resolve-invoice';
import { ConfirmStep } from '../../features/admin/payments/components/confirm-step';
import { isApiError } from '../../lib/api-error';
import { showServerFieldErrors } from '../../lib/form-errors';
import { formatUsd } from '../../lib/format';
import { newIdempotencyKey } from '../../lib/idempotency-key';
import { askedAndReceived } from './invoice-columns';
import { FormProblem } from '../../components/form-problem';

interface ResolveValues {
  choice: InvoiceResolutionChoice;
  reason: string;
}

/**
 * Resolve a cancelled payment that received money (POST /admin/payments/resolve): credit what arrived
 * (the server's figure: what the provider reported in USD, never more than asked) or record that it
 * was returned outside the product; a reason; a confirmation. A refusal keeps the dialog open.
 */
export function ResolveDialog({
  invoice,
  onClose,
}: {
  invoice: AdminInvoiceRow | undefined;
  onClose: () => void;
}) {
  return (
    <FadeModal
      open={invoice !== undefined}
      title={invoice && <FormattedMessage id="admin.payments.resolve.title" values={{ id: invoice.id }} />}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
      width={560}
    >
      {invoice && <ResolveForm invoice={invoice} onDone={onClose} />}
    </FadeModal>
  );
}

function ResolveForm({ invoice, onDone }: { invoice: AdminInvoiceRow; onDone: () => void }) {
  const intl = useIntl();
  const [form] = Form.useForm<ResolveValues>();
  const resolve = useResolveInvoice();
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string>();
  // One key per choice: a retry of the same choice applies once; the other choice is another request.
  const attempt = useRef<{ choice: InvoiceResolutionChoice; key: string } | null>(null);
  const choice = Form.useWatch('choice', form) as InvoiceResolutionChoice | undefined;
  const credit = invoice.credit_cents;
  const usd = (cents: number) => formatUsd(cents, intl.locale);

  const send = async () => {
    setProblem(undefined);
    try {
      const values = await form.validateFields();
      const current =
        attempt.current?.choice === values.choice
          ? attempt.current
          : { choice: values.choice, key: newIdempotencyKey() };
      attempt.current = current;
      const done = await resolve.mutateAsync({
        invoice_id: invoice.id,
        choice: values.choice,
        reason: values.reason.trim(),
        idempotency_key: current.key,
      });
      void message.success(
        done.credited_cents > 0
          ? intl.formatMessage(
              { id: 'admin.payments.resolve.credited' },
              { amount: usd(done.credited_cents) },
            )
          : intl.formatMessage({ id: 'admin.payments.resolve.markedRefunded' }),
      );
      onDone();
    } catch (error) {
      setConfirming(false);
      if (isApiError(error)) setProblem(error.message);
      showServerFieldErrors(form, error, ['choice', 'reason']);
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={{ choice: credit === null ? 'refunded' : 'credit', reason: '' }}
      onFinish={() => setConfirming(true)}
    >
      <FormProblem problem={problem} testId="resolve-problem" />
      <Descriptions
        size="small"
        column={1}
        bordered
        style={{ marginBottom: 16 }}
        items={[
          {
            key: 'customer',
            label: <FormattedMessage id="admin.payments.customerCol" />,
            children: invoice.email,
          },
          ...askedAndReceived(invoice, intl),
        ]}
      />
      <Form.Item name="choice" label={<FormattedMessage id="admin.payments.resolve.choice" />}>
        <Radio.Group>
          <Space direction="vertical">
            <Radio value="credit" disabled={credit === null} data-testid="resolve-credit">
              {credit === null ? (
                <FormattedMessage id="admin.payments.resolve.creditUnknown" />
              ) : (
                <FormattedMessage id="admin.payments.resolve.credit" values={{ amount: usd(credit) }} />
              )}
            </Radio>
            <Radio value="refunded" data-testid="resolve-refunded">
              <FormattedMessage id="admin.payments.resolve.refunded" />
            </Radio>
          </Space>
        </Radio.Group>
      </Form.Item>
      <Typography.Paragraph type="secondary" style={{ marginTop: -8 }}>
        <FormattedMessage id="admin.payments.resolve.customerSees" />
      </Typography.Paragraph>
      <ReasonField testId="resolve-reason" />
      <ConfirmStep
        testId="resolve"
        confirming={confirming}
        warning={
          choice === 'credit' ? (
            <FormattedMessage
              id="admin.payments.resolve.warnCredit"
              values={{ amount: usd(credit ?? 0), email: invoice.email }}
            />
          ) : (
            <FormattedMessage id="admin.payments.resolve.warnRefunded" values={{ email: invoice.email }} />
          )
        }
        submit="admin.payments.resolve.submit"
        confirm="admin.payments.resolve.confirm"
        pending={resolve.isPending}
        onBack={() => setConfirming(false)}
        onCancel={onDone}
        onConfirm={() => void send()}
      />
    </Form>
  );
}
