import { Typography } from 'antd';
import type { IntlShape } from 'react-intl';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { editSubHref } from '../../../config/paths';
import type { UsageOwner } from '../usage-chart-data';

interface OwnerNameProps {
  subaccountId: number | null;
  username: string | null;
  /** For the main account's usage: the whitelisted address it came from. */
  sourceIp?: string | null;
}

/**
 * Whose traffic a row is about: a sub-account (linking to its edit page), one that has since been
 * deleted, the main account, or one of its whitelisted IPs.
 */
export function OwnerName({ subaccountId, username, sourceIp }: OwnerNameProps) {
  if (subaccountId !== null) {
    return username === null ? (
      <Typography.Text type="secondary" style={{ fontSize: 'inherit' }}>
        <FormattedMessage id="usage.owner.deleted" values={{ id: subaccountId }} />
      </Typography.Text>
    ) : (
      <Link to={editSubHref(subaccountId)} style={{ whiteSpace: 'nowrap' }}>
        {username}
      </Link>
    );
  }
  if (sourceIp) {
    return (
      <span style={{ whiteSpace: 'nowrap' }}>
        <FormattedMessage
          id="usage.owner.ip"
          values={{
            ip: (
              <Typography.Text code style={{ fontSize: 'inherit' }}>
                {sourceIp}
              </Typography.Text>
            ),
          }}
        />
      </span>
    );
  }
  return (
    <Typography.Text type="secondary" style={{ fontSize: 'inherit', whiteSpace: 'nowrap' }}>
      <FormattedMessage id="usage.owner.main" />
    </Typography.Text>
  );
}

/** A chart series' name in plain text (legends and tooltips). */
export function ownerLabel(intl: IntlShape, owner: UsageOwner): string {
  switch (owner.kind) {
    case 'main':
      return intl.formatMessage({ id: 'usage.owner.main' });
    case 'sub':
      return owner.username ?? intl.formatMessage({ id: 'usage.owner.deleted' }, { id: owner.id });
    case 'other':
      return intl.formatMessage({ id: 'usage.owner.other' });
    case 'total':
      return intl.formatMessage({ id: 'usage.owner.total' });
  }
}
