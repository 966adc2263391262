import { securityEndpoints, type SecurityOverview } from '@resiport/contract';
import { mockEndpoint } from './api-mock';

/** GET /user/security; `state` is read at each request, so a test can change what the next one says. */
export function mockSecurity(state: { twoFactor: boolean } = { twoFactor: false }) {
  return mockEndpoint(securityEndpoints.overview, (): SecurityOverview => ({
    two_factor_enabled: state.twoFactor,
    recovery_codes_left: state.twoFactor ? 10 : 0,
    api_token: null,
    api_token_revoked: null,
    sessions: [],
  }));
}
