import type { TwoFactorSetup } from '@resiport/contract';
import { Alert, Flex, Form, Input, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { FadeModal } from '../../components/fade-modal';
import { useEnableTwoFactor, useStartTwoFactorSetup } from '../../features/account/api/security';
import { CodesStepFooter, useCodesStep } from './codes-step';
import { RecoveryCodesList } from './recovery-codes-list';

/**
 * Turning two-factor on: a fresh secret as a QR code (and as text, for typing), confirmed with a
 * code from the app; then the recovery codes, shown once. Each opening mounts the dialog afresh (a
 * new secret, an empty form), so nothing from an earlier attempt carries over.
 */
export function TwoFactorSetupDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return open ? <SetupModal onClose={onClose} /> : null;
}

function SetupModal({ onClose }: { onClose: () => void }) {
  const intl = useIntl();
  const start = useStartTwoFactorSetup();
  const enable = useEnableTwoFactor();
  const { form, codes, submit: confirm } = useCodesStep((code) => enable.mutateAsync(code));
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const { mutateAsync: startSetup } = start;

  useEffect(() => {
    startSetup().then(setSetup, () => undefined);
  }, [startSetup]);

  const footer = (
    <CodesStepFooter
      form={form}
      shown={codes !== undefined}
      onClose={onClose}
      confirm={{
        label: <FormattedMessage id="settings.twoFactor.turnOn" />,
        loading: enable.isPending,
        disabled: !setup,
        testId: 'two-factor-confirm',
      }}
      doneTestId="two-factor-done"
    />
  );

  return (
    <FadeModal
      open
      title={<FormattedMessage id="settings.twoFactor.setupTitle" />}
      onCancel={onClose}
      footer={footer}
      maskClosable={false}
      destroyOnHidden
    >
      {codes ? (
        <RecoveryCodesList codes={codes} />
      ) : !setup ? (
        <Flex justify="center" style={{ padding: 32 }}>
          {start.isError ? (
            <Alert type="error" showIcon message={<FormattedMessage id="settings.twoFactor.setupFailed" />} />
          ) : (
            <Spin />
          )}
        </Flex>
      ) : (
        <Flex vertical gap={12}>
          <Typography.Text>
            <FormattedMessage id="settings.twoFactor.scan" />
          </Typography.Text>
          <Flex justify="center">
            <img
              src={setup.qr_data_url}
              width={200}
              height={200}
              alt={intl.formatMessage({ id: 'settings.twoFactor.qrAlt' })}
              data-testid="two-factor-qr"
            />
          </Flex>
          <Typography.Text type="secondary">
            <FormattedMessage id="settings.twoFactor.manual" />{' '}
            <Typography.Text code copyable data-testid="two-factor-secret">
              {setup.secret}
            </Typography.Text>
          </Typography.Text>
          <Form
            form={form}
            layout="vertical"
            requiredMark={false}
            onFinish={(values) => void confirm(values)}
          >
            <Form.Item
              name="code"
              label={intl.formatMessage({ id: 'auth.twoFactor.code' })}
              rules={[
                {
                  required: true,
                  pattern: /^\s*\d{6}\s*$/,
                  message: intl.formatMessage({ id: 'settings.twoFactor.codeRule' }),
                },
              ]}
            >
              <Input
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                placeholder="123456"
                data-testid="two-factor-setup-code"
              />
            </Form.Item>
          </Form>
        </Flex>
      )}
    </FadeModal>
  );
}
