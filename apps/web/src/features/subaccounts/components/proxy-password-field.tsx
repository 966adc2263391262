import { ThunderboltOutlined } from '@ant-design/icons';
import { Button, Form, Input, Space, type FormRule } from 'antd';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../../locales/types';
import { generateProxyPassword } from '../proxy-password';

interface ProxyPasswordFieldProps {
  label: MessageId;
  /** What leaving it empty does, and the rule for a chosen one. */
  hint: MessageId;
  rules: FormRule[];
}

/**
 * The optional `password` field of a sub-account form with a "Generate" button beside it, which
 * fills in a strong random password and reveals it so it can be read and copied.
 */
export function ProxyPasswordField({ label, hint, rules }: ProxyPasswordFieldProps) {
  const intl = useIntl();
  const form = Form.useFormInstance();
  const [visible, setVisible] = useState(false);

  const generate = () => {
    form.setFieldValue('password', generateProxyPassword());
    setVisible(true);
    form.validateFields(['password']).catch(() => undefined);
  };

  return (
    <Form.Item
      label={intl.formatMessage({ id: label })}
      htmlFor="password"
      extra={intl.formatMessage({ id: hint })}
    >
      <Space.Compact style={{ width: '100%' }}>
        {/* The outer item shows this one's errors (antd `noStyle`), so the button stays beside the input. */}
        <Form.Item name="password" noStyle rules={rules}>
          <Input.Password
            autoComplete="new-password"
            spellCheck={false}
            maxLength={32}
            visibilityToggle={{ visible, onVisibleChange: setVisible }}
          />
        </Form.Item>
        <Button
          icon={<ThunderboltOutlined />}
          title={intl.formatMessage({ id: 'addsub.generateLabel' })}
          data-testid="sub-password-generate"
          onClick={generate}
        >
          {intl.formatMessage({ id: 'addsub.generate' })}
        </Button>
      </Space.Compact>
    </Form.Item>
  );
}
