import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { FormattedMessage } from 'react-intl';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';

export function BackToSubAccounts() {
  const navigate = useNavigate();
  return (
    <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate(paths.subAccounts)}>
      <FormattedMessage id="subaccount.back" />
    </Button>
  );
}
