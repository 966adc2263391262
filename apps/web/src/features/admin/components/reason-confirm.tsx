import { Alert, Button, Flex, Form } from 'antd';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { FadeModal } from '../../../components/fade-modal';
import { ReasonField } from './reason-field';

interface ReasonConfirmProps {
  open: boolean;
  title: ReactNode;
  /** What will happen, in a sentence. */
  text: ReactNode;
  okText: ReactNode;
  danger?: boolean;
  pending: boolean;
  /** Rejects when the server refuses: the dialog stays open (the request wrapper has said why). */
  onConfirm: (reason: string) => Promise<unknown>;
  onClose: () => void;
  testId: string;
}

/**
 * The confirmation before removing or disabling something in the catalogue: what will happen, and
 * the reason the audit log keeps. Closes only once the server has done it.
 */
export function ReasonConfirm(props: ReasonConfirmProps) {
  const { open, title, text, okText, danger = false, pending, onConfirm, onClose, testId } = props;
  const [form] = Form.useForm<{ reason: string }>();
  const submit = async ({ reason }: { reason: string }) => {
    try {
      await onConfirm(reason.trim());
      onClose();
    } catch {
      // Refused: the toast says why; the operator may change the reason or cancel.
    }
  };
  return (
    <FadeModal open={open} title={title} footer={null} onCancel={onClose} destroyOnHidden width={480}>
      <Form form={form} layout="vertical" requiredMark={false} onFinish={(values) => void submit(values)}>
        <Alert type={danger ? 'warning' : 'info'} showIcon message={text} style={{ marginBlock: 16 }} />
        <ReasonField testId={`${testId}-reason`} />
        <Flex justify="flex-end" gap={8} wrap>
          <Button onClick={onClose}>
            <FormattedMessage id="common.cancel" />
          </Button>
          <Button
            type="primary"
            danger={danger}
            htmlType="submit"
            loading={pending}
            data-testid={`${testId}-ok`}
          >
            {okText}
          </Button>
        </Flex>
      </Form>
    </FadeModal>
  );
}
