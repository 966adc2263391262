import { Button, Result } from 'antd';
import { FormattedMessage } from 'react-intl';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';

/** Any unknown path inside the signed-in area. */
export default function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title="404"
      subTitle={<FormattedMessage id="error.notFound.title" />}
      extra={
        <Button type="primary" onClick={() => void navigate(paths.home)}>
          <FormattedMessage id="error.notFound.home" />
        </Button>
      }
    />
  );
}
