import { exitTypes, type AdminExit } from '@resiport/contract';
import { Col, Form, Input, InputNumber, message, Radio, Row, Switch } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import { FadeModal } from '../../components/fade-modal';
import { useCreateExit, useUpdateExit } from '../../features/admin/exits/api/save-exit';
import {
  exitFieldByCode,
  exitFormFields,
  exitRequestOf,
  exitRules,
  formValuesOf,
  type ExitFormValues,
} from '../../features/admin/exits/exit-form';
import { ReasonField } from '../../features/admin/components/reason-field';
import { showServerFieldErrors } from '../../lib/form-errors';
import { FormButtons } from '../../components/form-buttons';

/** A new exit, or changing one already in the pool. */
export type ExitDialogState = { mode: 'add' } | { mode: 'edit'; exit: AdminExit };

/** The form inside the dialog: its fields follow the type (a direct exit has no address). */
function ExitForm({ editing, onDone }: { editing: AdminExit | undefined; onDone: () => void }) {
  const intl = useIntl();
  const [form] = Form.useForm<ExitFormValues>();
  // Undefined until the form has mounted its fields: the initial type until then.
  const watched = Form.useWatch('type', form) as ExitFormValues['type'] | undefined;
  const type = watched ?? editing?.type ?? 'http';
  const create = useCreateExit();
  const update = useUpdateExit();
  const label = (id: Parameters<typeof intl.formatMessage>[0]['id']) => intl.formatMessage({ id });

  const submit = async (values: ExitFormValues) => {
    const request = exitRequestOf(editing ? { ...values, id: editing.id } : values);
    try {
      const saved = editing ? await update.mutateAsync(request) : await create.mutateAsync(request);
      void message.success(
        intl.formatMessage({ id: editing ? 'admin.exits.saved' : 'admin.exits.added' }, { id: saved.id }),
      );
      onDone();
    } catch (error) {
      showServerFieldErrors(form, error, exitFormFields, exitFieldByCode);
    }
  };

  const upstream = type !== 'direct';
  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={formValuesOf(editing)}
      onFinish={(values) => void submit(values)}
      style={{ marginTop: 16 }}
    >
      <Row gutter={12}>
        <Col xs={24} sm={10}>
          <Form.Item
            name="id"
            label={label('admin.exits.field.id')}
            extra={editing ? undefined : label('admin.exits.field.id.hint')}
            rules={exitRules.id}
          >
            <Input
              autoComplete="off"
              spellCheck={false}
              disabled={editing !== undefined}
              data-testid="exit-id"
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={14}>
          <Form.Item name="type" label={label('admin.exits.field.type')}>
            <Radio.Group
              optionType="button"
              buttonStyle="solid"
              data-testid="exit-type"
              options={exitTypes.map((value) => ({ value, label: label(`admin.exits.type.${value}`) }))}
            />
          </Form.Item>
        </Col>
      </Row>
      {upstream && (
        <>
          <Row gutter={12}>
            <Col xs={24} sm={16}>
              <Form.Item
                name="host"
                label={label('admin.exits.field.host')}
                rules={[
                  { required: true, message: label('admin.exits.field.host.required') },
                  ...exitRules.host,
                ]}
              >
                <Input autoComplete="off" spellCheck={false} data-testid="exit-host" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={8}>
              <Form.Item
                name="port"
                label={label('admin.exits.field.port')}
                rules={[
                  { required: true, message: label('admin.exits.field.port.required') },
                  ...exitRules.port,
                ]}
              >
                <InputNumber
                  min={1}
                  max={65535}
                  precision={0}
                  style={{ width: '100%' }}
                  data-testid="exit-port"
                />
              </Form.Item>
            </Col>
          </Row>
          <Row gutter={12}>
            <Col xs={24} sm={12}>
              <Form.Item
                name="username"
                label={label('admin.exits.field.username')}
                rules={exitRules.username}
              >
                <Input autoComplete="off" spellCheck={false} data-testid="exit-username" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item
                name="password"
                label={label('admin.exits.field.password')}
                extra={label(
                  editing?.has_password
                    ? 'admin.exits.field.password.keep'
                    : 'admin.exits.field.password.hint',
                )}
                rules={exitRules.password}
              >
                <Input.Password autoComplete="new-password" data-testid="exit-password" />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item
            name="forward_targeting"
            label={label('admin.exits.field.forward')}
            extra={label('admin.exits.field.forward.hint')}
            valuePropName="checked"
          >
            <Switch data-testid="exit-forward" />
          </Form.Item>
        </>
      )}
      <Row gutter={12}>
        <Col xs={24} sm={8}>
          <Form.Item
            name="country"
            label={label('admin.exits.field.country')}
            extra={label('admin.exits.field.country.hint')}
            rules={exitRules.country}
          >
            <Input autoComplete="off" maxLength={2} data-testid="exit-country" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item name="state" label={label('admin.exits.field.state')} rules={exitRules.place}>
            <Input autoComplete="off" data-testid="exit-state" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item name="city" label={label('admin.exits.field.city')} rules={exitRules.place}>
            <Input autoComplete="off" data-testid="exit-city" />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={12}>
        <Col xs={24} sm={8}>
          <Form.Item name="state_ru" label={label('admin.exits.field.stateRu')} rules={exitRules.russianName}>
            <Input autoComplete="off" data-testid="exit-state-ru" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item name="city_ru" label={label('admin.exits.field.cityRu')} rules={exitRules.russianName}>
            <Input autoComplete="off" data-testid="exit-city-ru" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item
            name="weight"
            label={label('admin.exits.field.weight')}
            extra={label('admin.exits.field.weight.hint')}
            rules={exitRules.weight}
          >
            <InputNumber
              min={1}
              max={1000}
              precision={0}
              style={{ width: '100%' }}
              data-testid="exit-weight"
            />
          </Form.Item>
        </Col>
      </Row>
      <ReasonField testId="exit-reason" />
      <FormButtons
        onCancel={onDone}
        submitting={create.isPending || update.isPending}
        label={<FormattedMessage id={editing ? 'admin.exits.submit.save' : 'admin.exits.submit.add'} />}
        testId="exit-submit"
      />
    </Form>
  );
}

/** Add or edit an exit: the dialog around the form, a new form at each opening. */
export function ExitDialog({
  dialog,
  onClose,
}: {
  dialog: ExitDialogState | undefined;
  onClose: () => void;
}) {
  const editing = dialog?.mode === 'edit' ? dialog.exit : undefined;
  return (
    <FadeModal
      open={dialog !== undefined}
      title={
        editing ? (
          <FormattedMessage id="admin.exits.dialog.edit" values={{ id: editing.id }} />
        ) : (
          <FormattedMessage id="admin.exits.dialog.add" />
        )
      }
      footer={null}
      onCancel={onClose}
      destroyOnHidden
      width={640}
    >
      {dialog && <ExitForm key={editing ? `edit-${editing.id}` : 'add'} editing={editing} onDone={onClose} />}
    </FadeModal>
  );
}
