import { ResultCode } from '@resiport/contract';
import { Button, Flex, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { FadeModal } from '../../components/fade-modal';
import { useRenewRecoveryCodes } from '../../features/account/api/security';
import { showServerFieldErrors } from '../../lib/form-errors';
import { RecoveryCodesList } from './recovery-codes-list';

const fieldByCode = { [ResultCode.TwoFactorCodeInvalid]: 'code' };

/** New recovery codes: a current authenticator code, then the new codes, shown once. */
export function RecoveryCodesRenewDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return open ? <RenewModal onClose={onClose} /> : null;
}

/** Mounted afresh at each opening, so neither a typed code nor shown codes survive a close. */
function RenewModal({ onClose }: { onClose: () => void }) {
  const intl = useIntl();
  const [form] = Form.useForm<{ code: string }>();
  const renew = useRenewRecoveryCodes();
  const [codes, setCodes] = useState<string[]>();

  const submit = async ({ code }: { code: string }) => {
    try {
      setCodes((await renew.mutateAsync(code)).recovery_codes);
    } catch (error) {
      showServerFieldErrors(form, error, ['code'], fieldByCode);
    }
  };

  const footer = codes ? (
    <Button type="primary" onClick={onClose} data-testid="recovery-renew-done">
      <FormattedMessage id="settings.twoFactor.savedCodes" />
    </Button>
  ) : (
    <Flex justify="flex-end" gap={8}>
      <Button onClick={onClose}>
        <FormattedMessage id="common.cancel" />
      </Button>
      <Button
        type="primary"
        loading={renew.isPending}
        onClick={() => form.submit()}
        data-testid="recovery-renew-confirm"
      >
        <FormattedMessage id="settings.twoFactor.renew" />
      </Button>
    </Flex>
  );

  return (
    <FadeModal
      open
      title={<FormattedMessage id="settings.twoFactor.renewTitle" />}
      onCancel={onClose}
      destroyOnHidden
      maskClosable={codes === undefined}
      footer={footer}
    >
      {codes ? (
        <RecoveryCodesList codes={codes} intro="settings.twoFactor.codesRenewed" />
      ) : (
        <Form form={form} layout="vertical" requiredMark={false} onFinish={(values) => void submit(values)}>
          <Typography.Paragraph type="secondary">
            <FormattedMessage id="settings.twoFactor.renewHint" />
          </Typography.Paragraph>
          <Form.Item
            name="code"
            label={intl.formatMessage({ id: 'auth.twoFactor.code' })}
            rules={[{ required: true, message: intl.formatMessage({ id: 'settings.twoFactor.codeRule' }) }]}
          >
            <Input
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={6}
              data-testid="recovery-renew-code"
            />
          </Form.Item>
        </Form>
      )}
    </FadeModal>
  );
}
