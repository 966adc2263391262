import { operatorActions, type AuditEntry, type OperatorAction } from '@resiport/contract';
import { Button, Card, Flex, Input, Select } from 'antd';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { PagedTable } from '../../components/paged-table';
import { PageShell } from '../../components/page-shell';
import { UtcDayRange, type DayRange } from '../../features/admin/components/utc-day-range';
import { useAudit } from '../../features/admin/audit/api/get-audit';
import { auditColumns } from './audit-columns';

const PAGE_SIZE = 20;

/**
 * /admin/audit: every operator action, newest first, searchable by text, action, day range and
 * customer (`?account_id=N`, as the customer page links here). Read-only: nothing edits the log.
 */
export default function AdminAuditPage() {
  const intl = useIntl();
  const [params] = useSearchParams();
  const accountId = params.get('account_id') ?? undefined;
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [action, setAction] = useState<OperatorAction>();
  const [days, setDays] = useState<DayRange>({});
  const audit = useAudit({
    page,
    page_size: PAGE_SIZE,
    ...(q ? { q } : {}),
    ...(action ? { action } : {}),
    ...(accountId ? { account_id: accountId } : {}),
    ...(days.start ? { start_date: days.start } : {}),
    ...(days.end ? { end_date: days.end } : {}),
  });
  const filtered = q !== '' || action !== undefined || days.start !== undefined || days.end !== undefined;
  const refilter = (apply: () => void) => {
    apply();
    setPage(1);
  };
  return (
    <PageShell title="menu.admin.audit" subtitle="admin.audit.subtitle">
      <Card>
        <Flex gap={8} wrap style={{ marginBottom: 16 }}>
          <Input.Search
            data-testid="audit-search"
            allowClear
            style={{ maxWidth: 320 }}
            value={search}
            placeholder={intl.formatMessage({ id: 'admin.audit.search' })}
            enterButton={intl.formatMessage({ id: 'admin.search' })}
            onChange={(event) => setSearch(event.target.value)}
            onSearch={(value) => refilter(() => setQ(value.trim()))}
          />
          <Select<OperatorAction>
            data-testid="audit-action"
            allowClear
            style={{ minWidth: 240 }}
            value={action}
            placeholder={intl.formatMessage({ id: 'admin.audit.action.all' })}
            onChange={(value) => refilter(() => setAction(value))}
            options={operatorActions.map((name) => ({
              value: name,
              label: intl.formatMessage({ id: `admin.action.${name}` }),
            }))}
          />
          <UtcDayRange
            testId="audit-days"
            value={days}
            onChange={(range) => refilter(() => setDays(range))}
          />
          {filtered && (
            <Button
              onClick={() =>
                refilter(() => {
                  setSearch('');
                  setQ('');
                  setAction(undefined);
                  setDays({});
                })
              }
            >
              <FormattedMessage id="admin.filters.clear" />
            </Button>
          )}
        </Flex>
        <PagedTable<AuditEntry>
          testId="audit-table"
          rowKey="id"
          columns={auditColumns}
          query={audit}
          page={page}
          pageSize={PAGE_SIZE}
          onPage={setPage}
          totalText="admin.total"
          failed={{ title: 'admin.loadFailed', hint: 'admin.loadFailed.hint' }}
          empty={<EmptyState title="admin.audit.empty" hint="admin.audit.emptyHint" />}
        />
      </Card>
    </PageShell>
  );
}
