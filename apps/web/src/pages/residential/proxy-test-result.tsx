import { Alert } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  countryNameOf,
  testFailureOf,
  testFailureText,
  type ProxyTestResult,
} from '../../features/dynamic/test-result';

/** What a test came to: the server's answer, or why the call itself failed (its message). */
export type TestOutcome = { kind: 'answer'; result: ProxyTestResult } | { kind: 'failed'; message: string };

/**
 * The result of testing the first line: where the request came out (IP, country, latency), or why
 * it did not in words the user can act on. `data-status` is `ok` or `error`.
 */
export function ProxyTestResultAlert({ outcome, onClose }: { outcome: TestOutcome; onClose: () => void }) {
  const intl = useIntl();
  const common = { 'data-testid': 'gen-test-result', showIcon: true, closable: true, afterClose: onClose };

  if (outcome.kind === 'failed') {
    return (
      <Alert
        {...common}
        data-status="error"
        type="error"
        message={<FormattedMessage id="generator.test.failed" />}
        description={outcome.message}
      />
    );
  }
  const { result } = outcome;
  if (result.ok) {
    return (
      <Alert
        {...common}
        data-status="ok"
        type="success"
        message={<FormattedMessage id="generator.test.ok" values={{ ip: result.exit_ip ?? '—' }} />}
        description={
          <FormattedMessage
            id="generator.test.okDetail"
            values={{
              country: result.country
                ? countryNameOf(result.country, intl.locale)
                : intl.formatMessage({ id: 'generator.test.unknownCountry' }),
              latency: result.latency_ms === null ? '—' : intl.formatNumber(result.latency_ms),
            }}
          />
        }
      />
    );
  }
  const failure = testFailureOf(result.error);
  return (
    <Alert
      {...common}
      data-status="error"
      data-reason={failure}
      type={
        failure === 'no_traffic' || failure === 'cap_reached' || failure === 'no_exit' ? 'warning' : 'error'
      }
      message={<FormattedMessage id="generator.test.failed" />}
      description={
        <>
          <div>
            <FormattedMessage id={testFailureText[failure]} values={{ reason: result.error ?? '—' }} />
          </div>
          {result.detail !== null && (
            // What the gateway itself answers (the body a scraper logs), in the account's language.
            <div data-testid="gen-test-gateway-text" style={{ marginTop: 4 }}>
              <FormattedMessage
                id="generator.test.gatewaySaid"
                values={{ reason: <code key="reason">{result.error}</code>, text: result.detail }}
              />
            </div>
          )}
        </>
      }
    />
  );
}
