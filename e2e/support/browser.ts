import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';

/** Debian's Chromium, headless, with the flags this machine needs (no background networking). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-quic',
      '--no-first-run',
      '--disable-sync',
    ],
  });
}

const artifacts = fileURLToPath(new URL('../artifacts', import.meta.url));

/** On failure: a screenshot and the server log under e2e/artifacts, to see what the user saw. */
export async function saveFailureArtifacts(
  page: Page,
  testName: string,
  serverLogs: string[],
): Promise<void> {
  const base = path.join(artifacts, testName.replace(/[^\w-]+/g, '_').slice(0, 80));
  await mkdir(artifacts, { recursive: true });
  await page.screenshot({ path: `${base}.png`, fullPage: true }).catch(() => undefined);
  await writeFile(`${base}.server.log`, serverLogs.join(''));
  console.error(`e2e failure artifacts: ${base}.png, ${base}.server.log (page ${page.url()})`);
}
