import { InfoCircleOutlined } from '@ant-design/icons';
import { trafficChangeKinds, type TrafficChangeKind } from '@resiport/contract';
import { Card, Flex, Select, Tabs, Typography } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import { PageShell } from '../../components/page-shell';
import { usageTabs, type UsageTab } from '../../features/traffic/usage-filters';
import { kindText } from './change-columns';
import { ChangesTab } from './changes-tab';
import { DetailsTab } from './details-tab';
import { OwnerFilter } from './owner-filter';
import { RangeFilter } from './range-filter';
import { useUsageFilters } from './use-usage-filters';

const ALL = 'all';

/**
 * /usage: the traffic change record (the ledger) and the usage detail (statistics in MB, UTC), over
 * a range of UTC days and for everyone, the main account or one sub-account. Tab and filters live
 * in the query string.
 */
export default function UsagePage() {
  const intl = useIntl();
  const { filters, range, today, update } = useUsageFilters();

  const kindFilter = (
    <Select<TrafficChangeKind | typeof ALL>
      data-testid="usage-kind-filter"
      aria-label={intl.formatMessage({ id: 'usage.filter.kind' })}
      style={{ minWidth: 190 }}
      value={filters.kind ?? ALL}
      onChange={(kind) => update({ kind: kind === ALL ? undefined : kind })}
      options={[
        { value: ALL, label: intl.formatMessage({ id: 'usage.filter.allKinds' }) },
        ...trafficChangeKinds.map((kind) => ({
          value: kind,
          label: intl.formatMessage({ id: kindText[kind] }),
        })),
      ]}
    />
  );

  return (
    <PageShell title="menu.usage" subtitle="usage.subtitle">
      <Card styles={{ body: { paddingTop: 8 } }}>
        <Tabs
          activeKey={filters.tab}
          onChange={(key) => {
            const tab = usageTabs.find((one) => one === key);
            if (tab) update({ tab });
          }}
          items={usageTabs.map((tab: UsageTab) => ({
            key: tab,
            label: (
              <span data-testid={`usage-tab-${tab}`}>
                <FormattedMessage id={tab === 'changes' ? 'usage.changes' : 'usage.details'} />
              </span>
            ),
          }))}
        />
        <Flex vertical gap={16}>
          <Flex justify="space-between" align="center" gap={12} wrap>
            <Flex gap={12} wrap>
              <RangeFilter range={range} today={today} onChange={(choice) => update({ range: choice })} />
              <OwnerFilter value={filters.owner} onChange={(owner) => update({ owner })} />
              {filters.tab === 'changes' && kindFilter}
            </Flex>
            <Typography.Text type="secondary" data-testid="usage-utc-note">
              <InfoCircleOutlined /> <FormattedMessage id="usage.note" />
            </Typography.Text>
          </Flex>
          {filters.tab === 'changes' ? (
            <ChangesTab filters={filters} range={range} update={update} />
          ) : (
            <DetailsTab filters={filters} range={range} update={update} />
          )}
        </Flex>
      </Card>
    </PageShell>
  );
}
