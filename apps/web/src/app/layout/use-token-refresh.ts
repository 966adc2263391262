import { useEffect } from 'react';
import { TOKEN_REFRESH_INTERVAL_MS } from '../../config/business';
import { refreshToken } from '../../features/account/api/refresh-token';
import { safeLocalStorage } from '../../lib/browser-storage';
import { readOperatorView } from '../../lib/operator-view';
import { refreshIfDue } from '../../lib/token-refresh';

/** While signed in, checks the session every 6 minutes and renews it once its soft expiry passed (docs/product.md#token-refresh). */
export function useTokenRefresh(): void {
  useEffect(() => {
    // A view cannot be renewed: it ends at its expiry and the tab then asks to sign in.
    if (readOperatorView()) return;
    const tick = () =>
      void refreshIfDue({ storage: safeLocalStorage(), now: Date.now, refresh: refreshToken });
    // Also check at once: a tab restored after a long sleep should not wait six minutes.
    tick();
    const timer = setInterval(tick, TOKEN_REFRESH_INTERVAL_MS);
    return () => clearInterval(timer);
  }, []);
}
