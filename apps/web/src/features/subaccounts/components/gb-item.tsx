import { Form, Input, type FormRule } from 'antd';
import { useIntl } from 'react-intl';
import { blockArithmeticKeys } from '../../../lib/keyboard';
import type { MessageId } from '../../../locales/types';

interface GbItemProps {
  name: string;
  label: MessageId;
  hint: MessageId;
  rules: FormRule[];
  testId: string;
  placeholder?: MessageId;
  dependencies?: string[];
}

/**
 * A traffic amount typed in GB, as a form item beside others in a wrapping row (decimal keyboard on
 * phones; `+ - * /` blocked, docs/product.md#number-inputs).
 */
export function GbItem({ name, label, hint, rules, testId, placeholder, dependencies }: GbItemProps) {
  const intl = useIntl();
  return (
    <Form.Item
      name={name}
      label={intl.formatMessage({ id: label })}
      extra={intl.formatMessage({ id: hint })}
      rules={rules}
      {...(dependencies ? { dependencies } : {})}
      style={{ flex: '1 1 180px', minWidth: 0 }}
    >
      <Input
        suffix={intl.formatMessage({ id: 'common.unit.gb' })}
        inputMode="decimal"
        autoComplete="off"
        onKeyDown={blockArithmeticKeys}
        {...(placeholder ? { placeholder: intl.formatMessage({ id: placeholder }) } : {})}
        data-testid={testId}
      />
    </Form.Item>
  );
}
