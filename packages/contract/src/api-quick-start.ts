/**
 * The API quick start of account settings (docs/product.md#developer-api): the developer token, then the calls a reseller
 * automates first: list sub-accounts, create one, move traffic to it. Commands as printed, with
 * the token and the new sub-account's id in shell variables; apps/server/src/api-quick-start.test.ts
 * runs them with curl against a listening server.
 */

export type ApiQuickStartStep = 'token' | 'list' | 'create' | 'allocate';

export interface ApiQuickStartCommand {
  step: ApiQuickStartStep;
  command: string;
}

/** `apiBase` is where the API answers, e.g. `https://portal.example.com/api`. */
export function apiQuickStart(apiBase: string): ApiQuickStartCommand[] {
  const curl = (rest: string) => `curl -sS -H "Authorization: Bearer $RESIPORT_TOKEN" ${rest}`;
  return [
    { step: 'token', command: 'export RESIPORT_TOKEN=your-api-token' },
    { step: 'list', command: curl(`"${apiBase}/auth/sublist?page=1&page_size=10"`) },
    { step: 'create', command: curl(`-d username=scraper000001 -d traffic=1 "${apiBase}/auth/passadd"`) },
    {
      step: 'allocate',
      // A request_id makes the move safe to retry: the same id again moves nothing.
      command: curl(
        `-d id=$SUB_ID -d action=allocate -d traffic=0.5 -d request_id=move-$SUB_ID-0001 "${apiBase}/auth/trafficupdate"`,
      ),
    },
  ];
}
