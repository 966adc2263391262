import { gzipSync } from 'node:zlib';
import type { Session } from '@resiport/contract';
import { chromium, type Browser, type Response } from 'playwright-core';

const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
];

export interface PageScripts {
  page: string;
  finalUrl: string;
  files: { url: string; gzipBytes: number }[];
  gzipBytes: number;
}

/**
 * Loads each page in a fresh browser context (empty cache) and sums the gzip -9 size of every
 * script it fetched, lazy chunks included: what a first visit really downloads.
 */
export async function measurePageScripts(
  baseUrl: string,
  session: Session,
): Promise<{ login: PageScripts; shell: PageScripts }> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const login = await scriptsOf(browser, `${baseUrl}/client/user/login`);
    const shell = await scriptsOf(browser, `${baseUrl}/client/dashboard`, session);
    return { login, shell };
  } finally {
    await browser.close();
  }
}

async function scriptsOf(browser: Browser, url: string, session?: Session): Promise<PageScripts> {
  const context = await browser.newContext();
  try {
    if (session) {
      // Stored before any page script runs, as a returning signed-in visitor would have it.
      const value = JSON.stringify(JSON.stringify(session));
      await context.addInitScript({ content: `localStorage.setItem('userAuthData', ${value});` });
    }
    const page = await context.newPage();
    const scripts: Response[] = [];
    page.on('response', (response) => {
      const isScript =
        response.request().resourceType() === 'script' || new URL(response.url()).pathname.endsWith('.js');
      if (isScript) scripts.push(response);
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    const files = await Promise.all(
      scripts.map(async (response) => ({
        url: new URL(response.url()).pathname,
        gzipBytes: gzipSync(await response.body(), { level: 9 }).length,
      })),
    );
    return {
      page: new URL(url).pathname,
      finalUrl: new URL(page.url()).pathname,
      files,
      gzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0),
    };
  } finally {
    await context.close();
  }
}
