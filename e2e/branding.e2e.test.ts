import { describe, expect, it } from 'vitest';
import { signedInCustomer } from './support/customer';
import { signOutThroughMenu, untilPageShown } from './support/journey';
import { useJourney } from './support/journey-setup';

const LOGO = 'https://cdn.proxyco.test/brand/logo.png';

/**
 * One build, any brand: the same compiled portal, served by a server started with APP_NAME,
 * APP_LOGO_URL and SUPPORT_EMAIL, reads as the reseller's everywhere — tab, header, sign-in page,
 * footer — and its mails say the same name.
 */
describe('branding at run time in Chromium', () => {
  const journey = useJourney({
    env: { APP_NAME: 'ProxyCo', APP_LOGO_URL: LOGO, SUPPORT_EMAIL: 'help@proxyco.test' },
  });

  it("a new customer sees ProxyCo, never the product's own name, from the first page to the mail", async () => {
    const page = journey.page;
    const first = await page.goto(`${journey.server.url}/client/user/login`);
    // The served page already carries the name (no flash of another brand before the app asks).
    expect(await first?.text()).toContain('<title>ProxyCo</title>');
    expect(first?.headers()['content-security-policy']).toContain(
      "img-src 'self' data: https://cdn.proxyco.test",
    );

    const { email } = await signedInCustomer(page, journey.server.url, journey.mailbox, 'brand');
    const mail = await journey.mailbox.waitForMail({ to: email });
    expect(mail.subject).toContain('ProxyCo');

    await untilPageShown(page, '/dashboard');
    await expect.poll(() => page.title()).toMatch(/ProxyCo$/);
    const logo = page.getByTestId('app-logo').first();
    expect(await logo.getAttribute('src')).toBe(LOGO);
    expect(await logo.getAttribute('alt')).toBe('ProxyCo');
    expect(await page.locator('body').innerText()).not.toContain('Resiport');

    await signOutThroughMenu(page);
    await untilPageShown(page, '/user/login');
    await expect.poll(() => page.locator('footer').innerText()).toContain('ProxyCo');
    expect(await page.locator('body').innerText()).not.toContain('Resiport');
  });
});
