import { Card, Tabs } from 'antd';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { PageShell } from '../../components/page-shell';
import { CouponsTab } from './coupons-tab';
import { PackagesTab } from './packages-tab';
import { TiersTab } from './tiers-tab';

const tabs = ['tiers', 'packages', 'coupons'] as const;
type CatalogueTab = (typeof tabs)[number];
const isTab = (value: string | null): value is CatalogueTab => tabs.includes(value as CatalogueTab);

/**
 * /admin/catalogue: what customers can buy — per-GB price tiers, packages (the trial among them) and
 * coupons. A change applies to the next quote of every API process, with no restart; each asks for
 * a reason that the audit log keeps. The open tab is in the address (`?tab=coupons`).
 */
export default function AdminCataloguePage() {
  const intl = useIntl();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const active: CatalogueTab = isTab(requested) ? requested : 'tiers';
  return (
    <PageShell title="menu.admin.catalogue" subtitle="admin.catalogue.subtitle">
      <Card>
        <Tabs
          activeKey={active}
          onChange={(key) => setParams({ tab: key }, { replace: true })}
          destroyOnHidden
          items={[
            {
              key: 'tiers',
              label: intl.formatMessage({ id: 'admin.catalogue.tab.tiers' }),
              children: <TiersTab />,
            },
            {
              key: 'packages',
              label: intl.formatMessage({ id: 'admin.catalogue.tab.packages' }),
              children: <PackagesTab />,
            },
            {
              key: 'coupons',
              label: intl.formatMessage({ id: 'admin.catalogue.tab.coupons' }),
              children: <CouponsTab />,
            },
          ]}
        />
      </Card>
    </PageShell>
  );
}
