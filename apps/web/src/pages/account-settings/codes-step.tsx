import { ResultCode } from '@resiport/contract';
import { Button, Flex, Form, type FormInstance } from 'antd';
import { useState, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { showServerFieldErrors } from '../../lib/form-errors';

const fieldByCode = { [ResultCode.TwoFactorCodeInvalid]: 'code' };

/**
 * The step both recovery-code dialogs share (turning two-factor on, renewing the codes): an app code
 * in, the new recovery codes out (shown once), a wrong code said on its field.
 */
export function useCodesStep(getCodes: (code: string) => Promise<{ recovery_codes: string[] }>) {
  const [form] = Form.useForm<{ code: string }>();
  const [codes, setCodes] = useState<string[]>();
  const submit = async ({ code }: { code: string }) => {
    try {
      setCodes((await getCodes(code)).recovery_codes);
    } catch (error) {
      showServerFieldErrors(form, error, ['code'], fieldByCode);
    }
  };
  return { form, codes, submit };
}

/** Cancel and confirm while the code is asked; "I have saved the codes" once they are shown. */
export function CodesStepFooter(props: {
  form: FormInstance;
  shown: boolean;
  onClose: () => void;
  confirm: { label: ReactNode; loading: boolean; disabled?: boolean; testId: string };
  doneTestId: string;
}) {
  const { form, shown, onClose, confirm, doneTestId } = props;
  if (shown) {
    return (
      <Button type="primary" onClick={onClose} data-testid={doneTestId}>
        <FormattedMessage id="settings.twoFactor.savedCodes" />
      </Button>
    );
  }
  return (
    <Flex justify="flex-end" gap={8}>
      <Button onClick={onClose}>
        <FormattedMessage id="common.cancel" />
      </Button>
      <Button
        type="primary"
        loading={confirm.loading}
        disabled={confirm.disabled}
        onClick={() => form.submit()}
        data-testid={confirm.testId}
      >
        {confirm.label}
      </Button>
    </Flex>
  );
}
