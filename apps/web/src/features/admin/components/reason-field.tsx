import { reasonSchema, REASON_MAX } from '@resiport/contract';
import { Form, Input } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import { zodRule } from '../../../lib/form-rules';
import { validationTexts } from '../../../lib/form-rules-localized';

const reasonRules = [zodRule(reasonSchema, validationTexts)];

/**
 * The reason every console change asks for (kept in the audit log): a `reason` field checked by the
 * contract's own schema, so the browser and the server refuse the same text.
 */
export function ReasonField({ testId = 'admin-reason' }: { testId?: string }) {
  const intl = useIntl();
  return (
    <Form.Item
      name="reason"
      label={<FormattedMessage id="admin.reason" />}
      extra={<FormattedMessage id="admin.reason.hint" />}
      rules={reasonRules}
    >
      <Input.TextArea
        data-testid={testId}
        rows={2}
        maxLength={REASON_MAX}
        showCount
        placeholder={intl.formatMessage({ id: 'admin.reason.placeholder' })}
      />
    </Form.Item>
  );
}
