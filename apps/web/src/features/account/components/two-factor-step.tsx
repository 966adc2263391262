import { SafetyOutlined } from '@ant-design/icons';
import { ResultCode, type TwoFactorChallenge } from '@resiport/contract';
import { Alert, Button, Flex, Form } from 'antd';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useCompleteSignIn } from '../sign-in/use-complete-sign-in';
import { Input } from '../../../components/light-inputs';
import { hasCode } from '../../../lib/api-error';
import { showServerFieldErrors } from '../../../lib/form-errors';
import { useTwoFactorLogIn } from '../api/two-factor-log-in';

const fields = ['code'];
const fieldByCode = { [ResultCode.TwoFactorCodeInvalid]: 'code' };

/**
 * Sign-in's second step: the code from the authenticator app, or one of the recovery codes. A ticket
 * that ran out (5 minutes, 5 tries) sends the user back to the first step with a word why.
 */
export function TwoFactorStep({
  challenge,
  redirect,
  onBack,
}: {
  challenge: TwoFactorChallenge;
  redirect?: string | null;
  onBack: () => void;
}) {
  const intl = useIntl();
  const [form] = Form.useForm<{ code: string }>();
  const logIn = useTwoFactorLogIn();
  const completeSignIn = useCompleteSignIn();
  const [recovery, setRecovery] = useState(false);
  const [expired, setExpired] = useState(false);

  const submit = async ({ code }: { code: string }) => {
    try {
      await completeSignIn(await logIn.mutateAsync({ challenge: challenge.challenge, code }), redirect);
    } catch (error) {
      if (hasCode(error, ResultCode.SignInCodeInvalid) || hasCode(error, ResultCode.TooManyRequests)) {
        setExpired(true);
      }
      showServerFieldErrors(form, error, fields, fieldByCode);
    }
  };

  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={(values) => void submit(values)}>
      <Alert
        type={expired ? 'warning' : 'info'}
        showIcon
        style={{ marginBottom: 16 }}
        data-testid="two-factor-hint"
        message={<FormattedMessage id={expired ? 'auth.twoFactor.expired' : 'auth.twoFactor.hint'} />}
      />
      <Form.Item
        name="code"
        label={intl.formatMessage({ id: recovery ? 'auth.twoFactor.recoveryCode' : 'auth.twoFactor.code' })}
        rules={[{ required: true, message: intl.formatMessage({ id: 'auth.twoFactor.required' }) }]}
      >
        <Input
          prefix={<SafetyOutlined />}
          size="large"
          autoFocus
          autoComplete="one-time-code"
          inputMode={recovery ? 'text' : 'numeric'}
          placeholder={recovery ? 'xxxxx-xxxxx' : '123456'}
          maxLength={recovery ? 11 : 6}
          data-testid="two-factor-code"
        />
      </Form.Item>
      <Button
        type="primary"
        htmlType="submit"
        size="large"
        block
        loading={logIn.isPending}
        disabled={expired}
        data-testid="two-factor-submit"
      >
        <FormattedMessage id="auth.twoFactor.submit" />
      </Button>
      <Flex justify="space-between" wrap="wrap" gap={8} style={{ marginTop: 16 }}>
        <Button type="link" style={{ padding: 0 }} onClick={onBack} data-testid="two-factor-back">
          <FormattedMessage id="auth.forgot.back" />
        </Button>
        <Button
          type="link"
          style={{ padding: 0 }}
          onClick={() => {
            setRecovery(!recovery);
            form.resetFields();
          }}
          data-testid="two-factor-toggle-recovery"
        >
          <FormattedMessage id={recovery ? 'auth.twoFactor.useApp' : 'auth.twoFactor.useRecovery'} />
        </Button>
      </Flex>
    </Form>
  );
}
