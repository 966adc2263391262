import { MailOutlined } from '@ant-design/icons';
import { ResultCode } from '@resiport/contract';
import { Button, Form } from 'antd';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Input } from '../../components/light-inputs';
import { useSignUp } from '../../features/account/api/sign-up';
import { NewPasswordFields } from '../../features/account/components/new-password-fields';
import { activeLocale } from '../../lib/active-locale';
import { hasCode } from '../../lib/api-error';
import { showServerFieldErrors } from '../../lib/form-errors';
import { formRules } from '../../lib/form-rules-localized';
import { serverLangOfLocale } from '../../lib/i18n';
import { RegisteredHint } from './registered-hint';

interface RegisterValues {
  email: string;
  password: string;
  confirm: string;
}

const fields = ['email', 'password', 'confirm'];
const fieldByCode = { [ResultCode.EmailRegistered]: 'email' };

/** Email, password and confirmation, checked by the contract's rules before the server sees them. */
export function RegisterForm({ onSent }: { onSent: (email: string, msg: string) => void }) {
  const intl = useIntl();
  const [form] = Form.useForm<RegisterValues>();
  const signUp = useSignUp();
  const [registered, setRegistered] = useState(false);

  const submit = async (values: RegisterValues) => {
    setRegistered(false);
    try {
      // The account (and its activation mail) takes the language the visitor is reading.
      onSent(values.email, await signUp.mutateAsync({ ...values, lang: serverLangOfLocale(activeLocale) }));
    } catch (error) {
      showServerFieldErrors(form, error, fields, fieldByCode);
      setRegistered(hasCode(error, ResultCode.EmailRegistered));
    }
  };

  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={(values) => void submit(values)}>
      <Form.Item name="email" label={intl.formatMessage({ id: 'auth.field.email' })} rules={formRules.email}>
        <Input prefix={<MailOutlined />} autoComplete="email" inputMode="email" size="large" />
      </Form.Item>
      <NewPasswordFields labelId="auth.field.password" large />
      {registered && <RegisteredHint />}
      <Button type="primary" htmlType="submit" size="large" block loading={signUp.isPending}>
        <FormattedMessage id="auth.register.submit" />
      </Button>
    </Form>
  );
}
