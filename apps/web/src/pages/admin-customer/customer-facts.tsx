import type { CustomerDetail } from '@resiport/contract';
import { Descriptions, Space, Tag, Typography } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import { UtcDateTime } from '../../components/utc-date-time';
import { CustomerRoleTag, CustomerStatusTag } from '../../features/admin/customers/components/customer-tags';
import type { MessageId } from '../../locales/types';

const langText: Record<string, MessageId> = {
  'en-us': 'admin.customers.lang.en-us',
  ru: 'admin.customers.lang.ru',
};

/** The account's facts: state, role, language, dates, how it signs in and what credentials it holds. */
export function CustomerFacts({ account }: { account: CustomerDetail['account'] }) {
  const intl = useIntl();
  const text = (id: MessageId) => intl.formatMessage({ id });
  const onOff = (on: boolean) => (
    <FormattedMessage id={on ? 'admin.customers.fact.on' : 'admin.customers.fact.off'} />
  );
  const setOrNot = (set: boolean) => (
    <FormattedMessage id={set ? 'admin.customers.fact.set' : 'admin.customers.fact.notSet'} />
  );
  const lang = langText[account.lang];
  return (
    <Descriptions
      data-testid="customer-facts"
      size="small"
      column={{ xs: 1, sm: 2, lg: 3 }}
      items={[
        { key: 'id', label: text('admin.customers.fact.id'), children: `#${account.id}` },
        {
          key: 'status',
          label: text('admin.customers.col.status'),
          children: (
            <Space size={4} wrap>
              <CustomerStatusTag status={account.status} />
              <CustomerRoleTag role={account.role} />
            </Space>
          ),
        },
        {
          key: 'lang',
          label: text('admin.customers.fact.lang'),
          children: lang ? <FormattedMessage id={lang} /> : account.lang,
        },
        {
          key: 'created',
          label: text('admin.customers.fact.created'),
          children: <UtcDateTime iso={account.created_at} />,
        },
        {
          key: 'activated',
          label: text('admin.customers.fact.activated'),
          children: account.activated_at ? (
            <UtcDateTime iso={account.activated_at} />
          ) : (
            <Typography.Text type="warning">
              <FormattedMessage id="admin.customers.fact.notActivated" />
            </Typography.Text>
          ),
        },
        {
          key: 'twoFactor',
          label: text('admin.customers.fact.twoFactor'),
          children: onOff(account.two_factor_enabled),
        },
        {
          key: 'password',
          label: text('admin.customers.fact.password'),
          children: setOrNot(account.has_password),
        },
        {
          key: 'apiToken',
          label: text('admin.customers.fact.apiToken'),
          children: setOrNot(account.has_api_token),
        },
        {
          key: 'oauth',
          label: text('admin.customers.fact.oauth'),
          children:
            account.oauth.length === 0 ? (
              <FormattedMessage id="admin.customers.fact.none" />
            ) : (
              <Space size={4} wrap>
                {account.oauth.map((identity) => (
                  <Tag key={`${identity.provider}-${identity.email}`}>
                    {identity.provider}: {identity.email}
                  </Tag>
                ))}
              </Space>
            ),
        },
      ]}
    />
  );
}
