import { ShoppingCartOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';
import { FormattedMessage } from 'react-intl';
import { useNavigate } from 'react-router';
import { resumeOrderHref } from '../../features/orders/saved-order-draft';

/** "Back to my order": the new-order page with the order left for this top-up. */
export function BackToOrderButton() {
  const navigate = useNavigate();
  return (
    <Button
      size="small"
      type="primary"
      icon={<ShoppingCartOutlined />}
      onClick={() => void navigate(resumeOrderHref)}
      data-testid="recharge-back-to-order"
    >
      <FormattedMessage id="recharge.resume.back" />
    </Button>
  );
}

/**
 * Said while a top-up is for an order being placed (the order was saved when its "Top up" was
 * pressed): the way back to it. Closing it forgets the order.
 */
export function OrderResumeNotice({ onClose }: { onClose: () => void }) {
  return (
    <Alert
      data-testid="recharge-for-order"
      type="info"
      showIcon
      closable
      afterClose={onClose}
      message={<FormattedMessage id="recharge.resume.title" />}
      description={<FormattedMessage id="recharge.resume.text" />}
      action={<BackToOrderButton />}
    />
  );
}
