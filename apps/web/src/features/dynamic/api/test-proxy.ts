import { dynamicEndpoints, type EndpointInput } from '@resiport/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { ProxyTestResult } from '../test-result';

/**
 * POST /dynamic/testproxy: the server sends one request through the gateway with these
 * credentials and reports the exit IP, its country and the latency, or the gateway's reason for
 * refusing. Quiet: the generator shows every outcome, a refused call included, in its result box.
 */
export async function testProxy(
  input: EndpointInput<typeof dynamicEndpoints.test>,
): Promise<ProxyTestResult> {
  return (await api.send(dynamicEndpoints.test, input, { quiet: true })).data;
}

export function useTestProxy() {
  return useMutation({ mutationFn: testProxy });
}
