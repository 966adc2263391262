import { type EndpointInput, ResultCode, type securityEndpoints } from '@resiport/contract';
import { Button, Flex, Form, Input, message } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import { useCurrentUser } from '../../lib/current-user';
import { FadeModal } from '../../components/fade-modal';
import { useDisableTwoFactor } from '../../features/account/api/security';
import { showServerFieldErrors } from '../../lib/form-errors';

type DisableInput = EndpointInput<typeof securityEndpoints.twoFactorDisable>;

const fieldByCode = { [ResultCode.PasswordError]: 'password', [ResultCode.TwoFactorCodeInvalid]: 'code' };

/** Turning two-factor off: the password (accounts that have one) and a current or recovery code. */
export function TwoFactorDisableDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return open ? <DisableModal onClose={onClose} /> : null;
}

/** Mounted afresh at each opening, so no typed password or code survives a Cancel. */
function DisableModal({ onClose }: { onClose: () => void }) {
  const intl = useIntl();
  const user = useCurrentUser();
  const [form] = Form.useForm<DisableInput>();
  const disable = useDisableTwoFactor();

  const submit = async (values: DisableInput) => {
    try {
      await disable.mutateAsync(values);
      void message.success(intl.formatMessage({ id: 'settings.twoFactor.turnedOff' }));
      onClose();
    } catch (error) {
      showServerFieldErrors(form, error, ['password', 'code'], fieldByCode);
    }
  };

  return (
    <FadeModal
      open
      title={<FormattedMessage id="settings.twoFactor.disableTitle" />}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={onClose}>
            <FormattedMessage id="common.cancel" />
          </Button>
          <Button
            danger
            type="primary"
            loading={disable.isPending}
            onClick={() => form.submit()}
            data-testid="two-factor-disable-confirm"
          >
            <FormattedMessage id="settings.twoFactor.turnOff" />
          </Button>
        </Flex>
      }
    >
      <Form form={form} layout="vertical" requiredMark={false} onFinish={(values) => void submit(values)}>
        {user.has_password && (
          <Form.Item
            name="password"
            label={intl.formatMessage({ id: 'auth.field.password' })}
            rules={[
              { required: true, message: intl.formatMessage({ id: 'settings.twoFactor.passwordRule' }) },
            ]}
          >
            <Input.Password autoComplete="current-password" data-testid="two-factor-disable-password" />
          </Form.Item>
        )}
        <Form.Item
          name="code"
          label={intl.formatMessage({ id: 'settings.twoFactor.codeOrRecovery' })}
          rules={[{ required: true, message: intl.formatMessage({ id: 'auth.twoFactor.required' }) }]}
        >
          <Input autoComplete="one-time-code" maxLength={11} data-testid="two-factor-disable-code" />
        </Form.Item>
      </Form>
    </FadeModal>
  );
}
