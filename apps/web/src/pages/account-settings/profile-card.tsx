import { webLocaleOf } from '@resiport/contract';
import { Card, Descriptions, Tag } from 'antd';
import { FormattedMessage } from 'react-intl';
import { UtcDateTime } from '../../components/utc-date-time';
import { accessOf } from '../../lib/access';
import { useCurrentUser } from '../../lib/current-user';
import { localeLabels } from '../../lib/i18n';

export function ProfileCard() {
  const user = useCurrentUser();
  return (
    <Card title={<FormattedMessage id="settings.profile" />}>
      <Descriptions
        column={{ xs: 1, md: 2 }}
        items={[
          {
            key: 'id',
            label: <FormattedMessage id="settings.accountId" />,
            children: <span data-testid="account-id">{user.id}</span>,
          },
          {
            key: 'email',
            label: <FormattedMessage id="auth.field.email" />,
            children: <span data-testid="account-email">{user.email}</span>,
          },
          {
            key: 'lang',
            label: <FormattedMessage id="settings.language" />,
            children: localeLabels[webLocaleOf[user.lang]],
          },
          {
            key: 'since',
            label: <FormattedMessage id="settings.memberSince" />,
            children: <UtcDateTime iso={user.created_at} />,
          },
          {
            key: 'role',
            label: <FormattedMessage id="settings.role" />,
            children: accessOf(user).canSeeAdmin ? (
              <Tag color="gold">
                <FormattedMessage id="layout.operator" />
              </Tag>
            ) : (
              <FormattedMessage id="settings.role.customer" />
            ),
          },
        ]}
      />
    </Card>
  );
}
