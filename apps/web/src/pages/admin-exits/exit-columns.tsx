import { EditOutlined, LockOutlined, PauseCircleOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { placeLabel, type AdminExit, type ExitHealthStatus } from '@resiport/contract';
import { Badge, Button, Flex, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import { TrafficText } from '../../components/traffic-text';
import { UtcDateTime } from '../../components/utc-date-time';
import { formatCount } from '../../lib/format';
import type { MessageId } from '../../locales/types';

const badgeOf: Record<ExitHealthStatus, 'success' | 'warning' | 'error' | 'default'> = {
  ok: 'success',
  failing: 'warning',
  resting: 'error',
  unknown: 'default',
};

const muted = (text: React.ReactNode) => (
  <Typography.Text type="secondary" style={{ fontSize: 'inherit' }}>
    {text}
  </Typography.Text>
);

/** Where an upstream is, and with which user (a lock when a password is stored; never the password). */
function Address({ exit }: { exit: AdminExit }) {
  if (exit.type === 'direct') return muted(<FormattedMessage id="admin.exits.address.direct" />);
  return (
    <Flex vertical>
      <Typography.Text
        code
        style={{ whiteSpace: 'nowrap' }}
      >{`${exit.host ?? ''}:${exit.port ?? ''}`}</Typography.Text>
      {exit.username !== null && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {exit.username} {exit.has_password && <LockOutlined aria-label="password" />}
        </Typography.Text>
      )}
    </Flex>
  );
}

/** The places it serves: its tags, or what an untagged exit serves. */
function Tags({ exit }: { exit: AdminExit }) {
  const places = [
    exit.country?.toUpperCase(),
    exit.state && placeLabel(exit.state),
    exit.city && placeLabel(exit.city),
  ];
  const tagged = places.filter((place) => place);
  return (
    <Flex gap={4} wrap>
      {tagged.length > 0 ? (
        <Tag>{tagged.join(' · ')}</Tag>
      ) : (
        muted(<FormattedMessage id="admin.exits.tags.none" />)
      )}
      {exit.forward_targeting && (
        <Tag color="blue">
          <FormattedMessage id="admin.exits.tags.forwards" />
        </Tag>
      )}
    </Flex>
  );
}

/** The status dot, with what gateways said in detail on hover; the last error under it. */
function Health({ exit }: { exit: AdminExit }) {
  const { health } = exit;
  const details = (
    <Flex vertical gap={2}>
      <span>
        <FormattedMessage id="admin.exits.health.failures" values={{ count: health.consecutive_failures }} />
      </span>
      {health.resting_until && (
        <span>
          <FormattedMessage id="admin.exits.health.restingUntil" /> <UtcDateTime iso={health.resting_until} />
        </span>
      )}
      <span>
        <FormattedMessage id="admin.exits.health.gateways" values={{ count: health.gateways }} />
      </span>
      {health.reported_at && (
        <span>
          <FormattedMessage id="admin.exits.health.reported" values={{ gateway: health.reported_by ?? '' }} />{' '}
          <UtcDateTime iso={health.reported_at} />
        </span>
      )}
    </Flex>
  );
  return (
    <Flex vertical gap={2} style={{ maxWidth: 260 }}>
      <Tooltip title={details}>
        <Badge
          status={badgeOf[health.status]}
          text={<FormattedMessage id={`admin.exits.health.${health.status}`} />}
          data-testid={`exit-health-${exit.id}`}
        />
      </Tooltip>
      {health.last_error !== null && (
        <Typography.Text type="secondary" ellipsis={{ tooltip: health.last_error }} style={{ fontSize: 12 }}>
          {health.last_error_at && <UtcDateTime iso={health.last_error_at} />} {health.last_error}
        </Typography.Text>
      )}
    </Flex>
  );
}

/** Bytes carried, as billed: today, the last 7 and the last 30 UTC days. */
function Carried({ exit }: { exit: AdminExit }) {
  const rows: [MessageId, number][] = [
    ['admin.exits.carried.today', exit.carried.today_bytes],
    ['admin.exits.carried.week', exit.carried.week_bytes],
    ['admin.exits.carried.month', exit.carried.month_bytes],
  ];
  return (
    <Flex vertical style={{ whiteSpace: 'nowrap' }}>
      {rows.map(([label, bytes]) => (
        <span key={label}>
          {muted(<FormattedMessage id={label} />)} <TrafficText bytes={bytes} />
        </span>
      ))}
    </Flex>
  );
}

export interface ExitActions {
  onEdit: (exit: AdminExit) => void;
  onToggle: (exit: AdminExit) => void;
}

/** The pool's table: one row per exit with its settings, health and traffic, then edit and disable/enable. */
export function useExitColumns({ onEdit, onToggle }: ExitActions): TableColumnsType<AdminExit> {
  const intl = useIntl();
  const title = (id: MessageId) => intl.formatMessage({ id });
  return [
    {
      key: 'id',
      title: title('admin.exits.col.id'),
      render: (_value, exit) => (
        <Flex vertical>
          <Typography.Text strong>{exit.id}</Typography.Text>
          {muted(<FormattedMessage id={`admin.exits.type.${exit.type}`} />)}
        </Flex>
      ),
    },
    {
      key: 'address',
      title: title('admin.exits.col.address'),
      render: (_v, exit) => <Address exit={exit} />,
    },
    { key: 'tags', title: title('admin.exits.col.tags'), render: (_v, exit) => <Tags exit={exit} /> },
    {
      key: 'weight',
      title: title('admin.exits.col.weight'),
      render: (_v, exit) => formatCount(exit.weight, intl.locale),
    },
    {
      key: 'enabled',
      title: title('admin.exits.col.enabled'),
      render: (_v, exit) =>
        exit.enabled ? (
          <Tag color="green">
            <FormattedMessage id="admin.exits.enabled" />
          </Tag>
        ) : (
          <Tag>
            <FormattedMessage id="admin.exits.disabled" />
          </Tag>
        ),
    },
    { key: 'health', title: title('admin.exits.col.health'), render: (_v, exit) => <Health exit={exit} /> },
    {
      key: 'carried',
      title: title('admin.exits.col.carried'),
      render: (_v, exit) => <Carried exit={exit} />,
    },
    {
      key: 'actions',
      title: title('common.col.actions'),
      render: (_v, exit) => (
        <Flex gap={0} wrap>
          <Button
            size="small"
            type="link"
            icon={<EditOutlined />}
            data-testid={`exit-edit-${exit.id}`}
            onClick={() => onEdit(exit)}
          >
            <FormattedMessage id="admin.exits.action.edit" />
          </Button>
          <Button
            size="small"
            type="link"
            danger={exit.enabled}
            icon={exit.enabled ? <PauseCircleOutlined /> : <PlayCircleOutlined />}
            data-testid={`exit-toggle-${exit.id}`}
            onClick={() => onToggle(exit)}
          >
            <FormattedMessage
              id={exit.enabled ? 'admin.exits.action.disable' : 'admin.exits.action.enable'}
            />
          </Button>
        </Flex>
      ),
    },
  ];
}
