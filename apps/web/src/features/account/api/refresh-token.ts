import { accountEndpoints } from '@resiport/contract';
import { api } from '../../../lib/api';

/** GET /user/refreshToken: a new session for a still-valid one (docs/product.md#token-refresh). */
export async function refreshToken() {
  return (await api.send(accountEndpoints.refreshToken, {})).data;
}
