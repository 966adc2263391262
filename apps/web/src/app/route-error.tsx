import { Button, Result } from 'antd';
import { FormattedMessage } from 'react-intl';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { isApiError } from '../lib/api-error';

/** The error screen of a route: what went wrong in words a customer understands, and a way out. */
export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const offline = isApiError(error) && error.kind === 'network';
  const titleId = notFound ? 'error.notFound.title' : offline ? 'error.offline.title' : 'error.page.title';
  return (
    <Result
      status={notFound ? 'warning' : 'error'}
      title={<FormattedMessage id={titleId} />}
      subTitle={<FormattedMessage id={offline ? 'error.offline.hint' : 'error.page.hint'} />}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          <FormattedMessage id="error.reload" />
        </Button>
      }
    />
  );
}
