import { PlusOutlined } from '@ant-design/icons';
import type { AdminExit } from '@resiport/contract';
import { Button, Card, Input, message } from 'antd';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { EmptyState } from '../../components/empty-state';
import { PagedTable } from '../../components/paged-table';
import { PageShell } from '../../components/page-shell';
import { useExits } from '../../features/admin/exits/api/get-exits';
import { useSetExitEnabled } from '../../features/admin/exits/api/set-exit-enabled';
import { rowTestId } from '../../lib/row-test-id';
import { ReasonConfirm } from '../../features/admin/components/reason-confirm';
import { useExitColumns } from './exit-columns';
import { ExitDialog, type ExitDialogState } from './exit-dialog';

const PAGE_SIZE = 20;

/**
 * /admin/exits: the exit pool gateways route through (decision 030) — each exit's address, tags,
 * weight, health as gateways report it and the bytes it carried; adding, editing, disabling and
 * enabling exits, each with a reason for the audit log. Running gateways follow within seconds.
 */
export default function AdminExitsPage() {
  const intl = useIntl();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const exits = useExits({ page, page_size: PAGE_SIZE, ...(q ? { q } : {}) });
  const [dialog, setDialog] = useState<ExitDialogState>();
  const [toggling, setToggling] = useState<AdminExit>();
  const toggle = useSetExitEnabled();
  const columns = useExitColumns({
    onEdit: (exit) => setDialog({ mode: 'edit', exit }),
    onToggle: setToggling,
  });

  const confirmToggle = async (reason: string) => {
    if (!toggling) return;
    const enabled = !toggling.enabled;
    await toggle.mutateAsync({ id: toggling.id, enabled, reason });
    void message.success(
      intl.formatMessage(
        { id: enabled ? 'admin.exits.enabledDone' : 'admin.exits.disabledDone' },
        { id: toggling.id },
      ),
    );
  };

  const add = (
    <Button
      type="primary"
      icon={<PlusOutlined />}
      data-testid="exit-add"
      onClick={() => setDialog({ mode: 'add' })}
    >
      <FormattedMessage id="admin.exits.add" />
    </Button>
  );

  return (
    <PageShell title="menu.admin.exits" subtitle="admin.exits.subtitle" extra={add}>
      <Card>
        <Input.Search
          data-testid="exits-search"
          allowClear
          style={{ maxWidth: 320, marginBottom: 16 }}
          value={search}
          placeholder={intl.formatMessage({ id: 'admin.exits.search' })}
          enterButton={intl.formatMessage({ id: 'admin.search' })}
          onChange={(event) => setSearch(event.target.value)}
          onSearch={(value) => {
            setQ(value.trim());
            setPage(1);
          }}
        />
        <PagedTable<AdminExit>
          testId="exits-table"
          rowKey="id"
          columns={columns}
          query={exits}
          page={page}
          pageSize={PAGE_SIZE}
          onPage={setPage}
          totalText="admin.total"
          failed={{ title: 'admin.loadFailed', hint: 'admin.loadFailed.hint' }}
          empty={<EmptyState title="admin.exits.empty" hint="admin.exits.emptyHint" />}
          onRow={(exit) => rowTestId(`exit-row-${exit.id}`)}
        />
      </Card>
      <ExitDialog dialog={dialog} onClose={() => setDialog(undefined)} />
      <ReasonConfirm
        open={toggling !== undefined}
        title={
          <FormattedMessage
            id={toggling?.enabled ? 'admin.exits.disable.title' : 'admin.exits.enable.title'}
            values={{ id: toggling?.id ?? '' }}
          />
        }
        text={
          <FormattedMessage id={toggling?.enabled ? 'admin.exits.disable.text' : 'admin.exits.enable.text'} />
        }
        okText={
          <FormattedMessage
            id={toggling?.enabled ? 'admin.exits.action.disable' : 'admin.exits.action.enable'}
          />
        }
        danger={toggling?.enabled ?? false}
        pending={toggle.isPending}
        onConfirm={confirmToggle}
        onClose={() => setToggling(undefined)}
        testId="exit-toggle-confirm"
      />
    </PageShell>
  );
}
