import { adminCustomersEndpoints } from '@resiport/contract';
import { Button, Flex, Form, message, Typography } from 'antd';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { FadeModal } from '../../../../components/fade-modal';
import { isApiError } from '../../../../lib/api-error';
import { showServerFieldErrors } from '../../../../lib/form-errors';
import type { MessageId } from '../../../../locales/types';
import { ReasonField } from '../../components/reason-field';
import { useCustomerAction } from '../api/customer-actions';
import { FormProblem } from '../../../../components/form-problem';

/** The actions on a customer's access: each asks to confirm, with a reason for the audit log. */
export const accessActions = [
  'disable',
  'enable',
  'resendActivation',
  'revokeSessions',
  'makeOperator',
  'unmakeOperator',
] as const;
export type AccessAction = (typeof accessActions)[number];

/** The ones that take something away are red. */
const destructive: ReadonlySet<AccessAction> = new Set(['disable', 'revokeSessions', 'unmakeOperator']);

/** Each action's texts (a missing one is a type error: every id must exist in the catalogue). */
const textsOf = (action: AccessAction): Record<'title' | 'text' | 'ok' | 'done', MessageId> => ({
  title: `admin.customers.confirm.${action}.title`,
  text: `admin.customers.confirm.${action}.text`,
  ok: `admin.customers.confirm.${action}.ok`,
  done: `admin.customers.confirm.${action}.done`,
});

interface AccessActionDialogProps {
  /** The action being confirmed; undefined: closed. */
  action: AccessAction | undefined;
  customer: { id: number; email: string };
  onClose: () => void;
}

/** Disable / enable, resend activation, sign out everywhere, make / unmake operator: confirm + reason. */
export function AccessActionDialog({ action, customer, onClose }: AccessActionDialogProps) {
  return (
    <FadeModal
      open={action !== undefined}
      title={action && <FormattedMessage id={textsOf(action).title} values={{ email: customer.email }} />}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
      width={480}
    >
      {action && <AccessActionForm key={action} action={action} customer={customer} onDone={onClose} />}
    </FadeModal>
  );
}

function AccessActionForm({
  action,
  customer,
  onDone,
}: {
  action: AccessAction;
  customer: { id: number; email: string };
  onDone: () => void;
}) {
  const intl = useIntl();
  const [form] = Form.useForm<{ reason: string }>();
  const run = useCustomerAction(adminCustomersEndpoints[action]);
  const [problem, setProblem] = useState<string>();
  const texts = textsOf(action);

  const submit = async ({ reason }: { reason: string }) => {
    setProblem(undefined);
    try {
      await run.mutateAsync({ account_id: customer.id, reason: reason.trim() });
      void message.success(intl.formatMessage({ id: texts.done }));
      onDone();
    } catch (error) {
      if (isApiError(error)) setProblem(error.message);
      showServerFieldErrors(form, error, ['reason']);
    }
  };

  return (
    <>
      <Typography.Paragraph style={{ marginTop: 8 }}>
        <FormattedMessage id={texts.text} />
      </Typography.Paragraph>
      <FormProblem problem={problem} testId="action-problem" />
      <Form form={form} layout="vertical" requiredMark={false} onFinish={(values) => void submit(values)}>
        <ReasonField />
        <Flex justify="flex-end" gap={8} wrap>
          <Button onClick={onDone}>
            <FormattedMessage id="admin.cancel" />
          </Button>
          <Button
            type="primary"
            danger={destructive.has(action)}
            htmlType="submit"
            loading={run.isPending}
            data-testid="action-submit"
          >
            <FormattedMessage id={texts.ok} />
          </Button>
        </Flex>
      </Form>
    </>
  );
}
