import { accountEndpoints, type UserInfo } from '@resiport/contract';
import { writeAuthData } from '../lib/auth-storage';
import { mockEndpoint } from './api-mock';
import { aUser } from './fixtures';

/** The token of the signed-in test user; every call it makes carries it. */
export const TEST_TOKEN = 'test-session-token';

/**
 * A signed-in browser: the session in localStorage (as sign-in leaves it) and GET /user/info
 * answering with the user. Returns the user, for the figures a test expects to see.
 */
export function signIn(fields: Partial<UserInfo> = {}): UserInfo {
  const user = aUser(fields);
  writeAuthData(localStorage, { jwt_token: TEST_TOKEN, expire_at: Math.floor(Date.now() / 1000) + 3600 });
  mockEndpoint(accountEndpoints.userInfo, user);
  return user;
}
