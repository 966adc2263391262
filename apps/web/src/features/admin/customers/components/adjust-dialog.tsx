import { ResultCode } from '@resiport/contract';
import { Alert, Button, Descriptions, Flex, Form, Input, message, Typography } from 'antd';
import { useRef, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { FadeModal } from '../../../../components/fade-modal';
import { hasCode, isApiError } from '../../../../lib/api-error';
import { showServerFieldErrors } from '../../../../lib/form-errors';
import { newIdempotencyKey } from '../../../../lib/idempotency-key';
import type { MessageId } from '../../../../locales/types';
import { ReasonField } from '../../components/reason-field';
import { FormProblem } from '../../../../components/form-problem';

/** What one adjustment dialog is about: money in cents, or the main account's traffic in bytes. */
export interface AdjustSpec {
  /** The field the request carries the amount in (`amount` or `traffic`). */
  field: 'amount' | 'traffic';
  title: ReactNode;
  label: MessageId;
  hint: MessageId;
  invalid: MessageId;
  /** The typed text as signed cents or bytes, by the contract's parser; undefined when it refuses it. */
  parse: (text: string) => number | undefined;
  /** A figure as the page shows it. */
  format: (value: number) => string;
  /** A change as the success message says it, with its sign. */
  formatChange: (value: number) => string;
  done: MessageId;
  /** What the customer has now (cents, or the main account's bytes left). */
  current: number;
  /** Posts the adjustment; rejects with the server's refusal. */
  send: (input: { amountText: string; reason: string; idempotencyKey: string }) => Promise<unknown>;
  pending: boolean;
}

interface AdjustValues {
  amount: string;
  reason: string;
}

/**
 * An operator's adjustment: a signed amount, the required reason, and a preview of the figure after
 * it. One idempotency key per adjustment: a double click or a retry of the same amount posts once;
 * another amount is another adjustment. A refusal keeps the dialog open with the server's words.
 */
export function AdjustDialog({
  spec,
  open,
  onClose,
}: {
  spec: AdjustSpec;
  open: boolean;
  onClose: () => void;
}) {
  return (
    <FadeModal open={open} title={spec.title} footer={null} onCancel={onClose} destroyOnHidden width={480}>
      {open && <AdjustForm spec={spec} onDone={onClose} />}
    </FadeModal>
  );
}

function AdjustForm({ spec, onDone }: { spec: AdjustSpec; onDone: () => void }) {
  const intl = useIntl();
  const [form] = Form.useForm<AdjustValues>();
  const [problem, setProblem] = useState<string>();
  const attempt = useRef<{ text: string; key: string } | null>(null);
  const busy = useRef(false);
  const typed = (Form.useWatch('amount', form) as string | undefined) ?? '';
  const change = spec.parse(typed);
  const after = change === undefined ? undefined : spec.current + change;

  const amountRule = {
    validator: async (_rule: unknown, value: string | undefined) => {
      if (spec.parse(value ?? '') === undefined) throw new Error(intl.formatMessage({ id: spec.invalid }));
    },
  };

  const submit = async (values: AdjustValues) => {
    const text = values.amount.trim();
    const amount = spec.parse(text);
    if (amount === undefined || busy.current) return;
    busy.current = true;
    // The same amount again (a retry after a failure) keeps its key: it can post only once.
    const current = attempt.current?.text === text ? attempt.current : { text, key: newIdempotencyKey() };
    attempt.current = current;
    setProblem(undefined);
    try {
      await spec.send({ amountText: text, reason: values.reason.trim(), idempotencyKey: current.key });
      attempt.current = null;
      void message.success(intl.formatMessage({ id: spec.done }, { amount: spec.formatChange(amount) }));
      onDone();
    } catch (error) {
      if (hasCode(error, ResultCode.IdempotencyKeyReused)) attempt.current = null;
      if (isApiError(error)) setProblem(error.message);
      showServerFieldErrors(form, error, [spec.field, 'reason']);
    } finally {
      busy.current = false;
    }
  };

  return (
    <>
      <FormProblem problem={problem} testId="adjust-problem" />
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ amount: '', reason: '' }}
        onFinish={(values) => void submit(values)}
        style={{ marginTop: 8 }}
      >
        <Form.Item
          name="amount"
          label={<FormattedMessage id={spec.label} />}
          extra={<FormattedMessage id={spec.hint} />}
          rules={[amountRule]}
          validateDebounce={300}
        >
          <Input inputMode="decimal" autoComplete="off" data-testid="adjust-amount" />
        </Form.Item>
        <Descriptions
          size="small"
          column={2}
          style={{ marginBottom: 16 }}
          items={[
            {
              key: 'now',
              label: <FormattedMessage id="admin.customers.adjust.now" />,
              children: <span data-testid="adjust-now">{spec.format(spec.current)}</span>,
            },
            {
              key: 'after',
              label: <FormattedMessage id="admin.customers.adjust.after" />,
              children: (
                <Typography.Text
                  type={after !== undefined && after < 0 ? 'danger' : undefined}
                  data-testid="adjust-after"
                >
                  {after === undefined ? '—' : spec.format(after)}
                </Typography.Text>
              ),
            },
          ]}
        />
        {after !== undefined && after < 0 && (
          <Alert
            type="warning"
            showIcon
            message={<FormattedMessage id="admin.customers.adjust.short" />}
            style={{ marginBottom: 16 }}
          />
        )}
        <ReasonField />
        <Flex justify="flex-end" gap={8} wrap>
          <Button onClick={onDone}>
            <FormattedMessage id="admin.cancel" />
          </Button>
          <Button
            type="primary"
            htmlType="submit"
            loading={spec.pending}
            disabled={after !== undefined && after < 0}
            data-testid="adjust-submit"
          >
            <FormattedMessage id="admin.customers.adjust.submit" />
          </Button>
        </Flex>
      </Form>
    </>
  );
}
