import { PlusOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import type { WhitelistEntry } from '@resiport/contract';
import { Alert, Button, Card, Flex, Progress, Typography, theme } from 'antd';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { EmptyState } from '../../components/empty-state';
import { PagedTable } from '../../components/paged-table';
import { PageShell } from '../../components/page-shell';
import { useWhitelist } from '../../features/whitelist/api/get-whitelist';
import { rowTestId } from '../../lib/row-test-id';
import { useWhitelistColumns } from './whitelist-columns';
import { WhitelistIpModal, type WhitelistDialog } from './whitelist-ip-modal';

const PAGE_SIZE = 10;

/**
 * /proxysetting/whitelist: addresses that use the proxies without a password (billed to the main
 * account), how many of the allowed number are used, and adding, editing or removing them.
 */
export default function WhitelistPage() {
  const { token } = theme.useToken();
  const [page, setPage] = useState(1);
  const whitelist = useWhitelist(page, PAGE_SIZE);
  const [dialog, setDialog] = useState<WhitelistDialog>();
  const columns = useWhitelistColumns((entry) => setDialog({ mode: 'edit', entry }));

  const data = whitelist.data;
  // Deleting the last row of the last page leaves an empty page: go to the page that is now last.
  const lastPage = data === undefined ? page : Math.max(1, Math.ceil(data.total / PAGE_SIZE));
  if (data?.list.length === 0 && page > lastPage) setPage(lastPage);

  const full = data !== undefined && data.total >= data.limit;
  const add = (testId: string) => (
    <Button
      type="primary"
      icon={<PlusOutlined />}
      data-testid={testId}
      onClick={() => setDialog({ mode: 'add' })}
    >
      <FormattedMessage id="whitelist.add" />
    </Button>
  );

  const empty = (
    <EmptyState title="whitelist.empty" hint="whitelist.emptyHint" action={add('whitelist-add-empty')} />
  );

  return (
    <PageShell title="menu.proxysetting.whitelist" subtitle="whitelist.subtitle">
      <Flex vertical gap={16}>
        <Card styles={{ body: { padding: '16px 24px' } }}>
          <Flex justify="space-between" align="center" gap={16} wrap>
            <Flex align="center" gap={16}>
              <SafetyCertificateOutlined style={{ fontSize: 28, color: token.colorPrimary }} />
              <Flex vertical style={{ minWidth: 200 }}>
                <Typography.Text style={{ fontSize: 16 }} data-testid="whitelist-count">
                  {data === undefined ? (
                    '—'
                  ) : (
                    <FormattedMessage
                      id="whitelist.count"
                      values={{ count: data.total, limit: data.limit }}
                    />
                  )}
                </Typography.Text>
                <Progress
                  percent={data === undefined || data.limit === 0 ? 0 : (data.total / data.limit) * 100}
                  showInfo={false}
                  size="small"
                  status={full ? 'exception' : 'normal'}
                />
              </Flex>
            </Flex>
            {add('whitelist-add')}
          </Flex>
          {full && (
            <Alert
              type="warning"
              showIcon
              message={<FormattedMessage id="whitelist.full" />}
              style={{ marginTop: 12 }}
            />
          )}
        </Card>
        <Card>
          <PagedTable<WhitelistEntry>
            testId="whitelist-table"
            rowKey="id"
            columns={columns}
            query={whitelist}
            page={page}
            pageSize={PAGE_SIZE}
            onPage={setPage}
            totalText="whitelist.list.total"
            failed={{ title: 'whitelist.list.failed', hint: 'whitelist.list.failedHint' }}
            empty={empty}
            onRow={(entry) => rowTestId(`whitelist-row-${entry.ip}`)}
          />
        </Card>
      </Flex>
      <WhitelistIpModal
        dialog={dialog}
        currentIp={data?.current_ip ?? ''}
        onClose={() => setDialog(undefined)}
      />
    </PageShell>
  );
}
