import type { SubAccount } from '@resiport/contract';
import { Descriptions } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import { useCurrentUser } from '../../lib/current-user';
import { FadeModal } from '../../components/fade-modal';
import { TrafficMoveForm } from '../../features/subaccounts/components/traffic-move-form';
import { formatGbLeft } from '../../lib/units';

interface TrafficModalProps {
  /** The sub-account whose traffic is being moved; undefined: closed. */
  sub: SubAccount | undefined;
  onClose: () => void;
}

/** Allocate / Recycle from the list: both balances, then the same form the edit page has. */
export function TrafficModal({ sub, onClose }: TrafficModalProps) {
  const intl = useIntl();
  const user = useCurrentUser();
  const gb = (bytes: number) =>
    intl.formatMessage({ id: 'subaccount.gb' }, { gb: formatGbLeft(bytes, intl.locale) });
  return (
    <FadeModal
      open={sub !== undefined}
      title={sub && <FormattedMessage id="subaccount.traffic.title" values={{ username: sub.username }} />}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
      width={460}
    >
      {sub && (
        <>
          <Descriptions
            column={1}
            size="small"
            style={{ margin: '8px 0 16px' }}
            items={[
              {
                key: 'sub',
                label: <FormattedMessage id="subaccount.traffic.subLeft" />,
                children: gb(sub.traffic_left_bytes),
              },
              {
                key: 'main',
                label: <FormattedMessage id="subaccount.traffic.mainLeft" />,
                children: gb(user.traffic_left_bytes),
              },
            ]}
          />
          <TrafficMoveForm sub={sub} mainLeftBytes={user.traffic_left_bytes} onMoved={onClose} />
        </>
      )}
    </FadeModal>
  );
}
