import { adminPackageCreateBody, type AdminPackage } from '@resiport/contract';
import { Checkbox, Flex, Form, Input, message } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import { FadeModal } from '../../components/fade-modal';
import { useSavePackage } from '../../features/admin/catalogue/api/save-package';
import {
  bytesOf,
  catalogueRules,
  centsOf,
  gbTextOf,
  packageFieldByCode,
  usdTextOf,
} from '../../features/admin/catalogue/catalogue-form';
import { ReasonField } from '../../features/admin/components/reason-field';
import { showServerFieldErrors } from '../../lib/form-errors';
import { zodRule } from '../../lib/form-rules';
import { validationTexts } from '../../lib/form-rules-localized';
import type { MessageId } from '../../locales/types';
import { FormButtons } from '../../components/form-buttons';

/** A new package, or changing one. */
export type PackageDialogState = { mode: 'add' } | { mode: 'edit'; pack: AdminPackage };

interface PackageValues {
  code: string;
  gb: string;
  usd: string;
  is_trial: boolean;
  active: boolean;
  reason: string;
}

const fields = ['code', 'gb', 'usd', 'reason'];
const codeRules = [zodRule(adminPackageCreateBody.shape.code, validationTexts)];

function PackageForm({ editing, onDone }: { editing: AdminPackage | undefined; onDone: () => void }) {
  const intl = useIntl();
  const [form] = Form.useForm<PackageValues>();
  const save = useSavePackage();
  const submit = async (values: PackageValues) => {
    const bytes = bytesOf(values.gb);
    const cents = centsOf(values.usd);
    if (bytes === undefined || cents === undefined) return;
    const body = {
      code: values.code.trim(),
      traffic_bytes: bytes,
      price_cents: cents,
      is_trial: values.is_trial ? 'true' : 'false',
      active: values.active ? 'true' : 'false',
      reason: values.reason.trim(),
    } as const;
    try {
      await save.mutateAsync(editing ? { id: editing.id, ...body } : body);
      void message.success(intl.formatMessage({ id: 'admin.catalogue.package.saved' }));
      onDone();
    } catch (error) {
      showServerFieldErrors(form, error, fields, packageFieldByCode);
    }
  };
  const label = (id: MessageId) => intl.formatMessage({ id });
  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={{
        code: editing?.code ?? '',
        gb: editing ? gbTextOf(editing.traffic_bytes) : '',
        usd: editing ? usdTextOf(editing.price_cents) : '',
        is_trial: editing?.is_trial ?? false,
        active: editing?.active ?? true,
      }}
      onFinish={(values) => void submit(values)}
      style={{ marginTop: 16 }}
    >
      <Form.Item
        name="code"
        label={label('admin.catalogue.package.code')}
        extra={label('admin.catalogue.package.code.hint')}
        rules={codeRules}
      >
        <Input autoComplete="off" spellCheck={false} maxLength={32} data-testid="package-code" />
      </Form.Item>
      <Flex gap={16} wrap>
        <Form.Item
          name="gb"
          label={label('admin.catalogue.package.gb')}
          extra={label('admin.catalogue.package.gb.hint')}
          rules={catalogueRules.gb}
          style={{ flex: '1 1 160px' }}
        >
          <Input inputMode="decimal" autoComplete="off" data-testid="package-gb" />
        </Form.Item>
        <Form.Item
          name="usd"
          label={label('admin.catalogue.package.usd')}
          rules={catalogueRules.usd}
          style={{ flex: '1 1 160px' }}
        >
          <Input inputMode="decimal" autoComplete="off" prefix="$" data-testid="package-usd" />
        </Form.Item>
      </Flex>
      <Form.Item name="is_trial" valuePropName="checked" style={{ marginBottom: 8 }}>
        <Checkbox data-testid="package-trial">
          <FormattedMessage id="admin.catalogue.package.trial" />
        </Checkbox>
      </Form.Item>
      <Form.Item name="active" valuePropName="checked">
        <Checkbox data-testid="package-active">
          <FormattedMessage id="admin.catalogue.package.active" />
        </Checkbox>
      </Form.Item>
      <ReasonField testId="package-reason" />
      <FormButtons
        onCancel={onDone}
        submitting={save.isPending}
        label={<FormattedMessage id={editing ? 'admin.catalogue.save' : 'admin.catalogue.add'} />}
        testId="package-submit"
      />
    </Form>
  );
}

/** Add or edit a package: the dialog around the form, a new form each opening. */
export function PackageDialog({
  state,
  onClose,
}: {
  state: PackageDialogState | undefined;
  onClose: () => void;
}) {
  const editing = state?.mode === 'edit' ? state.pack : undefined;
  return (
    <FadeModal
      open={state !== undefined}
      title={
        editing ? (
          <FormattedMessage id="admin.catalogue.package.modal.edit" values={{ code: editing.code }} />
        ) : (
          <FormattedMessage id="admin.catalogue.package.modal.add" />
        )
      }
      footer={null}
      onCancel={onClose}
      destroyOnHidden
      width={520}
    >
      {state && (
        <PackageForm key={editing ? `edit-${editing.id}` : 'add'} editing={editing} onDone={onClose} />
      )}
    </FadeModal>
  );
}
