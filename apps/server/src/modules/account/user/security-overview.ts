import type { SecurityOverview } from '@resiport/contract';
import type { AppContext } from '../../../context';
import type { AccountRow } from '../account.repository';
import type { SessionClaims } from '../session/session-token';
import { apiTokenRevocation, listSessions } from '../session/session.service';
import { unusedRecoveryCodes } from '../two-factor/two-factor.service';

/** What the security section of the settings page shows. */
export async function securityOverview(
  ctx: AppContext,
  account: AccountRow,
  session: SessionClaims,
): Promise<SecurityOverview> {
  const enabled = account.totp_enabled_at !== null;
  return {
    two_factor_enabled: enabled,
    recovery_codes_left: enabled ? await unusedRecoveryCodes(ctx, account.id) : 0,
    api_token: account.api_token_hash
      ? {
          created_at: account.api_token_created_at?.toISOString() ?? null,
          last_used_at: account.api_token_last_used_at?.toISOString() ?? null,
        }
      : null,
    api_token_revoked: await apiTokenRevocation(ctx, account),
    sessions: await listSessions(ctx, account.id, session.sessionId),
  };
}
