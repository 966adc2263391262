import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { ProxyTestResultAlert } from './proxy-test-result';

const refused = (error: string, detail: string | null) => ({
  kind: 'answer' as const,
  result: { ok: false, exit_ip: null, country: null, latency_ms: null, error, detail },
});

/** The gateway's refusal text in the test result, not only the portal's paraphrase. */
describe('the proxy test result', () => {
  it("shows the gateway's own words for a refusal, with its reason", async () => {
    const text =
      'Out of traffic: top up your balance or allocate traffic to this sub-account in the portal, then retry.';
    await renderWithProviders(
      <ProxyTestResultAlert outcome={refused('no_traffic', text)} onClose={() => undefined} />,
    );

    const result = await screen.findByTestId('gen-test-result');
    expect(result.dataset.reason).toBe('no_traffic');
    expect(screen.getByTestId('gen-test-gateway-text').textContent).toBe(
      `The gateway answered no_traffic: ${text}`,
    );
  });

  it('says nothing more when the gateway gave no words (it did not answer)', async () => {
    await renderWithProviders(
      <ProxyTestResultAlert outcome={refused('unreachable', null)} onClose={() => undefined} />,
    );

    expect((await screen.findByTestId('gen-test-result')).dataset.reason).toBe('unreachable');
    expect(screen.queryByTestId('gen-test-gateway-text')).toBeNull();
  });
});
