import { SafetyOutlined } from '@ant-design/icons';
import { ResultCode, type TwoFactorChallenge } from '@resiport/contract';
import { Alert, Button, Flex, Form, message } from 'antd';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useCompleteSignIn } from '../sign-in/use-complete-sign-in';
import { Input } from '../../../components/light-inputs';
import { hasCode, isApiError } from '../../../lib/api-error';
import { showServerFieldErrors } from '../../../lib/form-errors';
import { useTwoFactorLogIn } from '../api/two-factor-log-in';

const fields = ['code'];
const fieldByCode = { [ResultCode.TwoFactorCodeInvalid]: 'code' };

/** What the notice above the code says. */
type StepState = 'ready' | 'expired' | 'locked';

const hintOf = (state: StepState, recovery: boolean) =>
  state === 'expired'
    ? 'auth.twoFactor.expired'
    : state === 'locked'
      ? 'auth.twoFactor.locked'
      : recovery
        ? 'auth.twoFactor.recoveryHint'
        : 'auth.twoFactor.hint';

/**
 * Sign-in's second step: the code from the authenticator app, or one of the recovery codes. A ticket
 * that ran out (5 minutes, 5 tries) sends the user back to the first step with a word why; too many
 * wrong codes (10045) leave only a recovery code or the mailed link. Every refusal shows once.
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
  const [state, setState] = useState<StepState>('ready');
  const expired = state === 'expired';

  const submit = async ({ code }: { code: string }) => {
    try {
      await completeSignIn(await logIn.mutateAsync({ challenge: challenge.challenge, code }), redirect);
    } catch (error) {
      if (hasCode(error, ResultCode.SignInCodeInvalid) || hasCode(error, ResultCode.TooManyRequests)) {
        setState('expired');
      } else if (hasCode(error, ResultCode.TwoFactorLocked)) {
        // Only a recovery code gets past it now.
        setState('locked');
        setRecovery(true);
        form.resetFields();
      } else if (
        hasCode(error, ResultCode.TwoFactorCodeInvalid) ||
        hasCode(error, ResultCode.ValidationFailed)
      ) {
        showServerFieldErrors(form, error, fields, fieldByCode);
      } else if (isApiError(error)) {
        void message.error(error.message, 3);
      }
    }
  };

  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={(values) => void submit(values)}>
      <Alert
        type={state === 'ready' ? 'info' : 'warning'}
        showIcon
        style={{ marginBottom: 16 }}
        data-testid="two-factor-hint"
        data-state={state}
        message={<FormattedMessage id={hintOf(state, recovery)} />}
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
        {state !== 'locked' && (
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
        )}
      </Flex>
    </Form>
  );
}
