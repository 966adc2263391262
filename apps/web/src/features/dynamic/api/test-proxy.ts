import { dynamicPaths, proxyTestData } from '@resiport/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { ProxyProtocol } from '../generator-settings';
import type { ProxyTestResult } from '../test-result';

export interface TestProxyInput {
  protocol: ProxyProtocol;
  username: string;
  password: string;
}

/**
 * POST /dynamic/testproxy: the server sends one request through the gateway with these
 * credentials and reports the exit IP, its country and the latency, or the gateway's reason for
 * refusing. Quiet: the generator shows every outcome, a refused call included, in its result box.
 */
export async function testProxy(input: TestProxyInput): Promise<ProxyTestResult> {
  return (await api.post(dynamicPaths.test, { params: { ...input }, schema: proxyTestData, quiet: true }))
    .data;
}

export function useTestProxy() {
  return useMutation({ mutationFn: testProxy });
}
