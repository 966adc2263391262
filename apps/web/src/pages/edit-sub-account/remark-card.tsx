import { subRemarkBody, type SubAccount } from '@resiport/contract';
import { Button, Card, Form, Input, message, Space } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import { useUpdateSubRemark } from '../../features/subaccounts/api/update-sub-remark';
import { showServerFieldErrors } from '../../lib/form-errors';
import { zodRule } from '../../lib/form-rules';
import { validationTexts } from '../../lib/form-rules-localized';

const remarkRules = [zodRule(subRemarkBody.shape.remark, validationTexts, { required: false })];

/** POST /auth/remarkupdate: what the sub-account is for, as the owner wants to remember it. */
export function RemarkCard({ sub }: { sub: SubAccount }) {
  const intl = useIntl();
  const [form] = Form.useForm<{ remark: string }>();
  const update = useUpdateSubRemark();

  const submit = async ({ remark }: { remark: string | undefined }) => {
    try {
      const saved = await update.mutateAsync({ id: sub.id, remark: (remark ?? '').trim() });
      form.setFieldsValue({ remark: saved.remark });
      void message.success(intl.formatMessage({ id: 'editsub.remarkSaved' }));
    } catch (error) {
      showServerFieldErrors(form, error, ['remark']);
    }
  };

  return (
    <Card title={<FormattedMessage id="editsub.remark" />}>
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ remark: sub.remark }}
        onFinish={(values) => void submit(values)}
      >
        {/* The outer item shows the inner one's errors (antd `noStyle`), so Save stays beside the input. */}
        <Form.Item style={{ marginBottom: 0 }}>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="remark" rules={remarkRules} noStyle>
              <Input
                maxLength={100}
                autoComplete="off"
                aria-label={intl.formatMessage({ id: 'editsub.remark' })}
                placeholder={intl.formatMessage({ id: 'addsub.remarkPlaceholder' })}
                data-testid="sub-edit-remark"
              />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={update.isPending} data-testid="sub-edit-save">
              <FormattedMessage id="editsub.remarkSave" />
            </Button>
          </Space.Compact>
        </Form.Item>
      </Form>
    </Card>
  );
}
