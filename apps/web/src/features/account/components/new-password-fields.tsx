import { LockOutlined } from '@ant-design/icons';
import { Form } from 'antd';
import type { Rule } from 'antd/es/form';
import { FormattedMessage, useIntl } from 'react-intl';
import { PasswordInput } from '../../../components/light-inputs';
import { formRules } from '../../../lib/form-rules-localized';

interface NewPasswordFieldsProps {
  labelId: 'auth.field.password' | 'auth.field.newPassword';
  /** The new-password rules; the change form adds "differs from the current one". */
  rules?: Rule[];
  dependencies?: string[];
  /** The large, icon-prefixed inputs of the public auth cards. */
  large?: boolean;
}

/** The new-password pair (docs/product.md#passwords): a new password with its hint, and its confirmation ('The password is not the same'). */
export function NewPasswordFields({
  labelId,
  rules = formRules.newPassword,
  dependencies,
  large,
}: NewPasswordFieldsProps) {
  const intl = useIntl();
  const input = (
    <PasswordInput
      prefix={large ? <LockOutlined /> : undefined}
      size={large ? 'large' : undefined}
      autoComplete="new-password"
    />
  );
  return (
    <>
      <Form.Item
        name="password"
        label={intl.formatMessage({ id: labelId })}
        rules={rules}
        dependencies={dependencies}
        extra={<FormattedMessage id="auth.field.passwordHint" />}
      >
        {input}
      </Form.Item>
      <Form.Item
        name="confirm"
        label={intl.formatMessage({ id: 'auth.field.confirm' })}
        rules={formRules.confirm}
        dependencies={['password']}
      >
        {input}
      </Form.Item>
    </>
  );
}
