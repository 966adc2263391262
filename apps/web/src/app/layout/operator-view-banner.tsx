import { EyeOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button } from 'antd';
import { FormattedMessage } from 'react-intl';
import { useNavigate } from 'react-router';
import { formatUtcDateTime } from '../../lib/format';
import { readOperatorView } from '../../lib/operator-view';
import { signOut } from '../sign-out';

/**
 * Over every page of an operator's view tab: whose portal this is, that it is read-only and until
 * when, and a way out (the tab forgets the view and closes; the operator's own tabs are untouched).
 */
export function OperatorViewBanner() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const view = readOperatorView();
  if (!view) return null;
  return (
    <Alert
      data-testid="operator-view-banner"
      type="warning"
      banner
      icon={<EyeOutlined />}
      message={
        <FormattedMessage
          id="layout.view.banner"
          values={{ email: <strong>{view.email}</strong>, until: formatUtcDateTime(view.expires_at) }}
        />
      }
      action={
        <Button
          size="small"
          onClick={() => {
            // The tab forgets the view; one the browser will not close shows the operator's own portal.
            window.close();
            void signOut(navigate, queryClient);
          }}
        >
          <FormattedMessage id="layout.view.end" />
        </Button>
      }
    />
  );
}
