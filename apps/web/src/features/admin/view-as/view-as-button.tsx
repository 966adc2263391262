import { EyeOutlined } from '@ant-design/icons';
import type { ViewAsData } from '@resiport/contract';
import { Alert, Button, Form, Modal } from 'antd';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { BASE_PATH } from '../../../config/app';
import { paths } from '../../../config/paths';
import { openViewTab } from '../../../lib/operator-view';
import { ReasonField } from '../components/reason-field';
import { useOpenView } from './api/open-view';

const dashboardUrl = `${BASE_PATH}${paths.dashboard}`;

/**
 * "View the portal as the customer": asks why (the view is audited), then opens the customer's
 * portal read-only in a new tab. A blocked pop-up leaves a button the operator clicks to open it.
 */
export function ViewAsButton({ accountId, email }: { accountId: number; email: string }) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const [blocked, setBlocked] = useState<ViewAsData>();
  const [form] = Form.useForm<{ reason: string }>();
  const view = useOpenView();
  const close = () => {
    setOpen(false);
    setBlocked(undefined);
    form.resetFields();
  };
  const submit = async ({ reason }: { reason: string }) => {
    const data = await view.mutateAsync({ account_id: accountId, reason }).catch(() => undefined);
    if (!data) return;
    if (openViewTab(data, dashboardUrl)) close();
    else setBlocked(data);
  };
  return (
    <>
      <Button icon={<EyeOutlined />} data-testid="view-as" onClick={() => setOpen(true)}>
        <FormattedMessage id="admin.viewAs" />
      </Button>
      <Modal
        open={open}
        title={intl.formatMessage({ id: 'admin.viewAs.title' }, { email })}
        okText={intl.formatMessage({ id: 'admin.viewAs.open' })}
        cancelText={intl.formatMessage({ id: 'admin.cancel' })}
        confirmLoading={view.isPending}
        okButtonProps={{ disabled: blocked !== undefined, 'data-testid': 'view-as-open' }}
        onOk={() => form.submit()}
        onCancel={close}
        destroyOnHidden
      >
        <p>
          <FormattedMessage id="admin.viewAs.explain" />
        </p>
        <Form form={form} layout="vertical" onFinish={(values) => void submit(values)}>
          <ReasonField testId="view-as-reason" />
        </Form>
        {blocked && (
          <Alert
            type="info"
            showIcon
            message={<FormattedMessage id="admin.viewAs.blocked" />}
            action={
              <Button
                type="primary"
                size="small"
                onClick={() => {
                  if (openViewTab(blocked, dashboardUrl)) close();
                }}
              >
                <FormattedMessage id="admin.viewAs.openTab" />
              </Button>
            }
          />
        )}
      </Modal>
    </>
  );
}
