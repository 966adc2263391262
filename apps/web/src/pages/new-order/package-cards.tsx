import type { TrafficPackage } from '@resiport/contract';
import { Col, Flex, Row, Tag, Typography } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import { packageName } from '../../features/orders/package-name';
import { packagePerGbCents, savingPercent } from '../../features/orders/packages';
import { formatTraffic, formatUsd } from '../../lib/format';
import { SelectableCard } from './selectable-card';

interface PackageCardsProps {
  packages: readonly TrafficPackage[];
  selectedId: number | undefined;
  /** The price per GB of the smallest purchase, to show what a package saves. */
  listPerGbCents: number | undefined;
  onSelect: (packageId: number) => void;
}

/** The packages on sale as cards: traffic, price, price per GB and the saving against buying by the GB. */
export function PackageCards({ packages, selectedId, listPerGbCents, onSelect }: PackageCardsProps) {
  const intl = useIntl();
  return (
    <Row gutter={[12, 12]}>
      {packages.map((pkg) => {
        const perGb = packagePerGbCents(pkg);
        const saving = savingPercent(perGb, listPerGbCents);
        return (
          <Col key={pkg.id} xs={24} sm={12} xl={8}>
            <SelectableCard
              testId={`order-package-${pkg.code}`}
              selected={pkg.id === selectedId}
              onSelect={() => onSelect(pkg.id)}
            >
              <Flex vertical gap={4}>
                <Flex justify="space-between" align="center" gap={8}>
                  <Typography.Text strong>{packageName(intl, pkg.code)}</Typography.Text>
                  {saving > 0 && (
                    <Tag color="green" style={{ marginInlineEnd: 0 }}>
                      <FormattedMessage id="neworder.package.save" values={{ percent: saving }} />
                    </Tag>
                  )}
                </Flex>
                <span style={{ fontSize: 24, fontWeight: 600, lineHeight: 1.3 }}>
                  {formatTraffic(pkg.traffic_bytes, intl.locale)}
                </span>
                <span style={{ fontSize: 16 }}>{formatUsd(pkg.price_cents, intl.locale)}</span>
                <Typography.Text type="secondary">
                  <FormattedMessage
                    id="neworder.package.perGb"
                    values={{ price: formatUsd(perGb, intl.locale) }}
                  />
                </Typography.Text>
              </Flex>
            </SelectableCard>
          </Col>
        );
      })}
    </Row>
  );
}
