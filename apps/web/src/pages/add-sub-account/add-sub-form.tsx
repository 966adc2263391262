import { UserOutlined } from '@ant-design/icons';
import { subAddBody, subUsernameSchema } from '@resiport/contract';
import { Button, Divider, Flex, Form, Input, message } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '../../lib/current-user';
import { paths } from '../../config/paths';
import { useAddSubAccount } from '../../features/subaccounts/api/add-sub-account';
import { ProxyPasswordField } from '../../features/subaccounts/components/proxy-password-field';
import { TrafficAmountItem } from '../../features/subaccounts/components/traffic-amount-item';
import { SubLimitFields } from '../../features/subaccounts/components/sub-limit-fields';
import { addSubFieldByCode, addSubFields } from '../../features/subaccounts/sub-codes';
import {
  limitFieldByCode,
  limitFields,
  limitsSetOf,
  type SubLimitValues,
} from '../../features/subaccounts/sub-limits';
import { checkTrafficAmount } from '../../features/subaccounts/traffic-amount';
import { showServerFieldErrors } from '../../lib/form-errors';
import { zodRule } from '../../lib/form-rules';
import { validationTexts } from '../../lib/form-rules-localized';

interface AddSubValues extends Partial<SubLimitValues> {
  username: string;
  password?: string;
  remark?: string;
  traffic?: string;
}

const rules = {
  username: [zodRule(subUsernameSchema, validationTexts)],
  // The contract's add body: empty means "generate one" for the password, "none" for the remark.
  password: [zodRule(subAddBody.shape.password, validationTexts, { required: false })],
  remark: [zodRule(subAddBody.shape.remark, validationTexts, { required: false })],
};

const blankToUndefined = (text: string | undefined) => {
  const trimmed = (text ?? '').trim();
  return trimmed === '' ? undefined : trimmed;
};

/**
 * POST /auth/passadd: username, optional password (generated when empty), remark, initial
 * traffic and optional limits. The server's refusals land on their fields (10030 'Username Exist' on the username,
 * 10031 on the traffic, 10001 wherever `data.fields` says).
 */
export function AddSubForm() {
  const intl = useIntl();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const [form] = Form.useForm<AddSubValues>();
  const add = useAddSubAccount();

  const submit = async (values: AddSubValues) => {
    const traffic = checkTrafficAmount(values.traffic, user.traffic_left_bytes, { allowZero: true });
    try {
      const sub = await add.mutateAsync({
        username: values.username.trim(),
        password: blankToUndefined(values.password),
        remark: blankToUndefined(values.remark),
        traffic: traffic.ok && traffic.bytes > 0 ? traffic.text : undefined,
        ...limitsSetOf(values),
      });
      void message.success(intl.formatMessage({ id: 'addsub.created' }, { username: sub.username }));
      await navigate(paths.subAccounts);
    } catch (error) {
      showServerFieldErrors(form, error, [...addSubFields, ...limitFields], {
        ...addSubFieldByCode,
        ...limitFieldByCode,
      });
    }
  };

  return (
    <Form form={form} layout="vertical" onFinish={(values) => void submit(values)} style={{ maxWidth: 560 }}>
      <Form.Item
        name="username"
        label={intl.formatMessage({ id: 'addsub.username' })}
        rules={rules.username}
        extra={intl.formatMessage({ id: 'addsub.usernameHint' })}
        validateDebounce={300}
      >
        <Input prefix={<UserOutlined />} maxLength={24} autoComplete="off" spellCheck={false} />
      </Form.Item>
      <ProxyPasswordField label="addsub.password" hint="addsub.passwordHint" rules={rules.password} />
      <Form.Item name="remark" label={intl.formatMessage({ id: 'addsub.remark' })} rules={rules.remark}>
        <Input
          maxLength={100}
          showCount
          autoComplete="off"
          placeholder={intl.formatMessage({ id: 'addsub.remarkPlaceholder' })}
        />
      </Form.Item>
      <TrafficAmountItem
        name="traffic"
        label={intl.formatMessage({ id: 'addsub.traffic' })}
        maxBytes={user.traffic_left_bytes}
        optional
        hint={intl.formatMessage({ id: 'addsub.trafficHint' })}
        testId="sub-add-traffic"
        maxTestId="sub-add-traffic-max"
      />
      <Divider orientation="left" plain style={{ marginTop: 0 }}>
        <FormattedMessage id="sublimits.optional" />
      </Divider>
      <SubLimitFields />
      <Flex gap={8} wrap>
        <Button type="primary" htmlType="submit" loading={add.isPending} data-testid="sub-add-submit">
          <FormattedMessage id="addsub.submit" />
        </Button>
        <Button onClick={() => void navigate(paths.subAccounts)}>
          <FormattedMessage id="common.cancel" />
        </Button>
      </Flex>
    </Form>
  );
}
