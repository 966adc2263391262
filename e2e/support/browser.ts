import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterEach } from 'vitest';

/**
 * Content-Security-Policy violations seen by any page of a browser launched here (decision 020): the
 * app must work under its CSP, so each one fails the journey it happened in. Importing this module
 * registers the check after every test of the importing file.
 */
const cspViolations: string[] = [];

afterEach(() => {
  const seen = cspViolations.splice(0);
  if (seen.length > 0) throw new Error(`Content-Security-Policy violations:\n${seen.join('\n')}`);
});

/** Reports every violation on the console (with what was blocked), where the context's listener sees it. */
const REPORT_VIOLATIONS = `document.addEventListener('securitypolicyviolation', (event) => {
  console.error('[csp-violation] ' + event.violatedDirective + ' blocked ' + (event.blockedURI || 'inline') +
    ' at ' + event.sourceFile + ':' + event.lineNumber);
});`;

async function watchForCspViolations(context: BrowserContext): Promise<BrowserContext> {
  await context.addInitScript(REPORT_VIOLATIONS);
  context.on('console', (message) => {
    const text = message.text();
    // Chromium's own report ("Refused to … because it violates the following Content Security Policy …").
    if (text.startsWith('[csp-violation]') || /Content Security Policy/i.test(text)) {
      cspViolations.push(`${message.page()?.url() ?? '?'}: ${text}`);
    }
  });
  return context;
}

/** Debian's Chromium, headless, with the flags this machine needs; every context watched for CSP violations. */
export async function launchBrowser(): Promise<Browser> {
  const browser = await launchChromium();
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => watchForCspViolations(await newContext(options));
  browser.newPage = async (options) => {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    page.once('close', () => void context.close());
    return page;
  };
  return browser;
}

function launchChromium(): Promise<Browser> {
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
