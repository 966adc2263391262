import { Form, Input, Typography } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import { FadeModal } from '../../components/fade-modal';
import { useRenewRecoveryCodes } from '../../features/account/api/security';
import { CodesStepFooter, useCodesStep } from './codes-step';
import { RecoveryCodesList } from './recovery-codes-list';

/** New recovery codes: a current authenticator code, then the new codes, shown once. */
export function RecoveryCodesRenewDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return open ? <RenewModal onClose={onClose} /> : null;
}

/** Mounted afresh at each opening, so neither a typed code nor shown codes survive a close. */
function RenewModal({ onClose }: { onClose: () => void }) {
  const intl = useIntl();
  const renew = useRenewRecoveryCodes();
  const { form, codes, submit } = useCodesStep((code) => renew.mutateAsync(code));

  const footer = (
    <CodesStepFooter
      form={form}
      shown={codes !== undefined}
      onClose={onClose}
      confirm={{
        label: <FormattedMessage id="settings.twoFactor.renew" />,
        loading: renew.isPending,
        testId: 'recovery-renew-confirm',
      }}
      doneTestId="recovery-renew-done"
    />
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
