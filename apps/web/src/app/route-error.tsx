import { CloseCircleFilled, WarningFilled } from '@ant-design/icons';
import { Button, Flex, theme } from 'antd';
import { FormattedMessage } from 'react-intl';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { isApiError } from '../lib/api-error';

/**
 * The error screen of a route: what went wrong in words a customer understands, and a way out.
 * Built from light parts (antd Result carries large illustrations into the entry chunk).
 */
export function RouteError() {
  const error = useRouteError();
  const { token } = theme.useToken();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const offline = isApiError(error) && error.kind === 'network';
  const titleId = notFound ? 'error.notFound.title' : offline ? 'error.offline.title' : 'error.page.title';
  const Icon = notFound ? WarningFilled : CloseCircleFilled;
  return (
    <Flex vertical align="center" gap={12} style={{ padding: '72px 24px', textAlign: 'center' }} role="alert">
      <Icon style={{ fontSize: 56, color: notFound ? token.colorWarning : token.colorError }} />
      <h1 style={{ fontSize: token.fontSizeHeading3, margin: 0 }}>
        <FormattedMessage id={titleId} />
      </h1>
      <p style={{ color: token.colorTextSecondary, margin: 0 }}>
        <FormattedMessage id={offline ? 'error.offline.hint' : 'error.page.hint'} />
      </p>
      <Button type="primary" onClick={() => window.location.reload()}>
        <FormattedMessage id="error.reload" />
      </Button>
    </Flex>
  );
}
