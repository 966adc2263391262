import { securityEndpoints } from '@resiport/contract';
import { api } from '../../../lib/api';

/** Long enough for a slow network, short enough that "Sign out" never seems stuck. */
const END_SESSION_TIMEOUT_MS = 5000;

/**
 * POST /user/signout: the server ends this sign-in, so its token stops working everywhere at once and
 * leaves the sessions list. Quiet and never failing: signing out goes on in the browser whatever the
 * answer (offline, or a session the server had already ended).
 */
export async function endThisSession(): Promise<void> {
  try {
    await api.send(
      securityEndpoints.signOut,
      {},
      { quiet: true, signal: AbortSignal.timeout(END_SESSION_TIMEOUT_MS) },
    );
  } catch {
    // Signed out here regardless; the server's own expiry ends what it did not hear of.
  }
}
