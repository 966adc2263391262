import { LockOutlined, MailOutlined } from '@ant-design/icons';
import {
  type accountEndpoints,
  type EndpointInput,
  ResultCode,
  type TwoFactorChallenge,
} from '@resiport/contract';
import { Alert, Button, Flex, Form } from 'antd';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { Input, PasswordInput } from '../../components/light-inputs';
import { useCompleteSignIn } from '../../features/account/sign-in/use-complete-sign-in';
import { useLogIn } from '../../features/account/api/log-in';
import { ResendActivationButton } from '../../features/account/components/resend-activation-button';
import { hasCode } from '../../lib/api-error';
import { showServerFieldErrors } from '../../lib/form-errors';
import { formRules } from '../../lib/form-rules-localized';

type LogInValues = EndpointInput<typeof accountEndpoints.login>;

const fields = ['email', 'password'];
const fieldByCode = { [ResultCode.EmailNotRegistered]: 'email', [ResultCode.PasswordError]: 'password' };

/**
 * Email and password sign-in; an account that is not activated yet gets a resend button, one with
 * two-factor on goes on to the code step.
 */
export function LoginForm({ onTwoFactor }: { onTwoFactor: (challenge: TwoFactorChallenge) => void }) {
  const intl = useIntl();
  const [form] = Form.useForm<LogInValues>();
  const logIn = useLogIn();
  const completeSignIn = useCompleteSignIn();
  const [submitting, setSubmitting] = useState(false);
  const [notActivated, setNotActivated] = useState<string | null>(null);

  const submit = async (values: LogInValues) => {
    setSubmitting(true);
    setNotActivated(null);
    try {
      const outcome = await logIn.mutateAsync(values);
      if ('challenge' in outcome) {
        onTwoFactor(outcome.challenge);
        return;
      }
      await completeSignIn(outcome.session);
    } catch (error) {
      if (hasCode(error, ResultCode.AccountNotActivated)) setNotActivated(values.email);
      showServerFieldErrors(form, error, fields, fieldByCode);
      setSubmitting(false);
    }
  };

  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={(values) => void submit(values)}>
      {notActivated !== null && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="not-activated-alert"
          message={<FormattedMessage id="auth.activation.pending" />}
          description={
            <>
              <FormattedMessage id="auth.activation.pendingHint" />
              <div style={{ marginTop: 12 }}>
                <ResendActivationButton email={notActivated} />
              </div>
            </>
          }
        />
      )}
      <Form.Item name="email" label={intl.formatMessage({ id: 'auth.field.email' })} rules={formRules.email}>
        <Input prefix={<MailOutlined />} autoComplete="email" inputMode="email" size="large" />
      </Form.Item>
      <Form.Item
        name="password"
        label={intl.formatMessage({ id: 'auth.field.password' })}
        rules={formRules.loginPassword}
      >
        <PasswordInput prefix={<LockOutlined />} autoComplete="current-password" size="large" />
      </Form.Item>
      <Flex justify="flex-end" style={{ marginTop: -8, marginBottom: 16 }}>
        <Link to={paths.emailToReset} data-testid="link-forgot-password">
          <FormattedMessage id="auth.login.forgot" />
        </Link>
      </Flex>
      <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
        <FormattedMessage id="auth.login.submit" />
      </Button>
    </Form>
  );
}
