import type { SubAccount } from '@resiport/contract';
import { Descriptions } from 'antd';
import { FormattedMessage } from 'react-intl';
import { useCurrentUser } from '../../lib/current-user';
import { FadeModal } from '../../components/fade-modal';
import { TrafficMoveForm } from '../../features/subaccounts/components/traffic-move-form';
import { TrafficText } from '../../components/traffic-text';

interface TrafficModalProps {
  /** The sub-account whose traffic is being moved; undefined: closed. */
  sub: SubAccount | undefined;
  onClose: () => void;
}

/** Allocate / Recycle from the list: both balances, then the same form the edit page has. */
export function TrafficModal({ sub, onClose }: TrafficModalProps) {
  const user = useCurrentUser();
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
                children: <TrafficText bytes={sub.traffic_left_bytes} testId="sub-traffic-sub-left" />,
              },
              {
                key: 'main',
                label: <FormattedMessage id="subaccount.traffic.mainLeft" />,
                children: <TrafficText bytes={user.traffic_left_bytes} testId="sub-traffic-main-left" />,
              },
            ]}
          />
          <TrafficMoveForm sub={sub} mainLeftBytes={user.traffic_left_bytes} onMoved={onClose} />
        </>
      )}
    </FadeModal>
  );
}
