import { operatorActions, type AuditEntry, type OperatorAction } from '@resiport/contract';
import { Typography, type TableColumnsType } from 'antd';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { UtcDateTime } from '../../components/utc-date-time';
import { adminCustomerHref } from '../../config/paths';
import { AuditChange } from './audit-change';

const isKnownAction = (action: string): action is OperatorAction =>
  (operatorActions as readonly string[]).includes(action);

/** An action by its name in the UI language; one this build does not know yet, as the server wrote it. */
export function ActionName({ action }: { action: string }) {
  return isKnownAction(action) ? <FormattedMessage id={`admin.action.${action}`} /> : <code>{action}</code>;
}

export const auditColumns: TableColumnsType<AuditEntry> = [
  {
    title: <FormattedMessage id="admin.time.utc" />,
    dataIndex: 'created_at',
    render: (iso: string) => <UtcDateTime iso={iso} />,
  },
  {
    title: <FormattedMessage id="admin.audit.operator" />,
    dataIndex: 'operator_email',
    render: (email: string | null) => email ?? <FormattedMessage id="admin.commandLine" />,
  },
  {
    title: <FormattedMessage id="admin.audit.action" />,
    dataIndex: 'action',
    render: (action: string) => <ActionName action={action} />,
  },
  {
    title: <FormattedMessage id="admin.audit.target" />,
    key: 'target',
    render: (_: unknown, entry) => (
      <code>
        {entry.target_type} {entry.target_id}
      </code>
    ),
  },
  {
    title: <FormattedMessage id="admin.audit.customer" />,
    dataIndex: 'account_email',
    render: (email: string | null, entry) =>
      entry.account_id === null ? (
        '—'
      ) : (
        <Link to={adminCustomerHref(entry.account_id)}>{email ?? `#${entry.account_id}`}</Link>
      ),
  },
  {
    title: <FormattedMessage id="admin.audit.change" />,
    key: 'change',
    render: (_: unknown, entry) => <AuditChange entry={entry} />,
  },
  {
    title: <FormattedMessage id="admin.audit.reason" />,
    dataIndex: 'reason',
    render: (reason: string | null) =>
      reason ? (
        <Typography.Text style={{ maxWidth: 280, display: 'inline-block' }}>{reason}</Typography.Text>
      ) : (
        '—'
      ),
  },
];
