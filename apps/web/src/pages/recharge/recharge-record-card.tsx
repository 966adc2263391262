import type { RechargeRecord } from '@resiport/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Card, message } from 'antd';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { EmptyState } from '../../components/empty-state';
import { PagedTable } from '../../components/paged-table';
import { useCheckRechargePay } from '../../features/recharge/api/check-pay';
import { rechargeRecordKey, useRechargeRecord } from '../../features/recharge/api/get-recharge-record';
import { currentUserQuery } from '../../lib/current-user';
import { formatUsd } from '../../lib/format';
import { payableRechargeCheckout } from '../../features/recharge/payment-check';
import { rechargeHasReceipt } from '@resiport/contract';
import { useRechargeColumns } from './recharge-columns';

const PAGE_SIZE = 10;

/**
 * The account's top-ups, newest first, paged on the server; times in UTC (docs/product.md#units-and-time). An unpaid one
 * can be reopened at its checkout or checked again, as unpaid orders can; a paid one has its receipt.
 */
export function RechargeRecordCard() {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const record = useRechargeRecord(page, PAGE_SIZE);
  const check = useCheckRechargePay();

  const onCheck = async (recharge: RechargeRecord) => {
    // Pending or refused answers have been toasted by the request wrapper (docs/product.md#request-wrapper).
    const result = await check.mutateAsync(recharge.id).catch(() => undefined);
    if (result !== undefined && result.status !== 'error') {
      const balance = result.recharge.balance_cents;
      queryClient.setQueryData(currentUserQuery.queryKey, (old) => old && { ...old, balance_cents: balance });
    }
    if (result?.status === 'paid') {
      const amount = formatUsd(recharge.amount_cents, intl.locale);
      void message.success(intl.formatMessage({ id: 'recharge.check.paid' }, { amount }));
      void queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey });
    }
    void queryClient.invalidateQueries({ queryKey: rechargeRecordKey });
  };

  const columns = useRechargeColumns({
    onCheck: (recharge) => void onCheck(recharge),
    checkingId: check.isPending ? check.variables : undefined,
    withActions: (record.data?.list ?? []).some(
      (row) => payableRechargeCheckout(row) !== undefined || rechargeHasReceipt(row),
    ),
  });

  const empty = <EmptyState title="recharge.record.empty" hint="recharge.record.emptyHint" />;

  return (
    <Card title={<FormattedMessage id="recharge.record" />}>
      <PagedTable<RechargeRecord>
        testId="recharge-record-table"
        rowKey="id"
        columns={columns}
        query={record}
        page={page}
        pageSize={PAGE_SIZE}
        onPage={setPage}
        totalText="recharge.record.total"
        failed={{ title: 'recharge.record.failed', hint: 'recharge.record.failedHint' }}
        empty={empty}
      />
    </Card>
  );
}
