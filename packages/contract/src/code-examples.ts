/**
 * Ready-to-run examples of one generated proxy line in the tools customers use (docs/product.md#developer-api): the
 * generator shows them, and apps/gateway/test/code-examples.test.ts runs those whose toolchain is on
 * the machine against a real gateway, as they are printed. Code only: anything to explain is a
 * `note`, which the portal words in the customer's language.
 */

export const codeLanguages = [
  'curl',
  'python',
  'node',
  'go',
  'playwright',
  'puppeteer',
  'proxychains',
] as const;
export type CodeLanguage = (typeof codeLanguages)[number];

export interface CodeExampleInput {
  protocol: 'http' | 'socks5';
  endpoint: { host: string; port: number };
  /** Absent for a whitelisted address without targeting: the proxy takes no password then. */
  credentials: { username: string; password: string } | undefined;
  /** The page the example fetches. */
  target: string;
}

/** What the portal says beside an example (its wording is per locale). */
export type CodeExampleNote =
  /** Chromium cannot send a SOCKS5 username and password: choose HTTP, or whitelist the address. */
  | 'chromium-no-socks-auth'
  /** proxychains takes an IP address, not a host name, in its proxy list. */
  | 'proxychains-needs-ip';

export interface CodeExample {
  /** A command that installs what the code needs, when it needs anything. */
  install?: string;
  /** The file's contents (or the command, for curl); absent when the tool cannot use this line. */
  code?: string;
  /** The file the code goes in, and the command that runs it. */
  file?: string;
  run?: string;
  notes: CodeExampleNote[];
}

/** `scheme://user:pass@host:port`. Proxy usernames and passwords never need URL escaping. */
export function proxyUrl(input: CodeExampleInput, scheme: string): string {
  const { endpoint, credentials } = input;
  const auth = credentials ? `${credentials.username}:${credentials.password}@` : '';
  return `${scheme}://${auth}${endpoint.host}:${endpoint.port}`;
}

/** A double-quoted literal that JavaScript, Python and Go all read back as the same text. */
const quoted = (text: string) => JSON.stringify(text);

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

export function codeExample(language: CodeLanguage, input: CodeExampleInput): CodeExample {
  const http = input.protocol === 'http';
  switch (language) {
    case 'curl':
      // socks5h: curl hands the target's name to the proxy, which resolves it at the exit.
      return { code: `curl -x ${proxyUrl(input, http ? 'http' : 'socks5h')} ${input.target}`, notes: [] };
    case 'python':
      return {
        install: http ? 'pip install requests' : 'pip install "requests[socks]"',
        file: 'example.py',
        run: 'python3 example.py',
        code: [
          'import requests',
          '',
          `proxy = ${quoted(proxyUrl(input, http ? 'http' : 'socks5h'))}`,
          `response = requests.get(${quoted(input.target)}, proxies={"http": proxy, "https": proxy}, timeout=30)`,
          'print(response.text)',
          '',
        ].join('\n'),
        notes: [],
      };
    case 'node': {
      const agent = http ? 'ProxyAgent' : 'Socks5ProxyAgent';
      return {
        install: 'npm install undici',
        file: 'example.mjs',
        run: 'node example.mjs',
        code: [
          `import { fetch, ${agent} } from 'undici';`,
          '',
          `const dispatcher = new ${agent}(${quoted(proxyUrl(input, http ? 'http' : 'socks5'))});`,
          `const response = await fetch(${quoted(input.target)}, { dispatcher });`,
          'console.log(await response.text());',
          '',
        ].join('\n'),
        notes: [],
      };
    }
    case 'go':
      return {
        file: 'main.go',
        run: 'go run main.go',
        code: [
          'package main',
          '',
          'import (',
          '\t"fmt"',
          '\t"io"',
          '\t"net/http"',
          '\t"net/url"',
          ')',
          '',
          'func main() {',
          `\tproxy, _ := url.Parse(${quoted(proxyUrl(input, http ? 'http' : 'socks5'))})`,
          '\tclient := &http.Client{Transport: &http.Transport{Proxy: http.ProxyURL(proxy)}}',
          `\tresponse, err := client.Get(${quoted(input.target)})`,
          '\tif err != nil {',
          '\t\tpanic(err)',
          '\t}',
          '\tdefer response.Body.Close()',
          '\tbody, _ := io.ReadAll(response.Body)',
          '\tfmt.Println(string(body))',
          '}',
          '',
        ].join('\n'),
        notes: [],
      };
    case 'playwright':
    case 'puppeteer':
      return browserExample(language, input);
    case 'proxychains': {
      const { endpoint, credentials } = input;
      const entry = [http ? 'http' : 'socks5', endpoint.host, endpoint.port];
      if (credentials) entry.push(credentials.username, credentials.password);
      return {
        install: 'sudo apt-get install proxychains4',
        file: 'proxychains.conf',
        run: `proxychains4 -q -f proxychains.conf curl ${input.target}`,
        code: ['strict_chain', 'proxy_dns', '', '[ProxyList]', entry.join(' '), ''].join('\n'),
        notes: IPV4.test(endpoint.host) ? [] : ['proxychains-needs-ip'],
      };
    }
  }
}

function browserExample(language: 'playwright' | 'puppeteer', input: CodeExampleInput): CodeExample {
  const { credentials, endpoint } = input;
  // Chromium speaks SOCKS5 only without authentication.
  if (input.protocol === 'socks5' && credentials) return { notes: ['chromium-no-socks-auth'] };
  const server = `${input.protocol}://${endpoint.host}:${endpoint.port}`;
  if (language === 'playwright') {
    const proxy = [`server: ${quoted(server)}`];
    if (credentials) {
      proxy.push(`username: ${quoted(credentials.username)}`, `password: ${quoted(credentials.password)}`);
    }
    return {
      install: 'npm install playwright && npx playwright install chromium',
      file: 'example.mjs',
      run: 'node example.mjs',
      code: [
        "import { chromium } from 'playwright';",
        '',
        `const browser = await chromium.launch({ proxy: { ${proxy.join(', ')} } });`,
        'const page = await browser.newPage();',
        `await page.goto(${quoted(input.target)});`,
        "console.log(await page.textContent('body'));",
        'await browser.close();',
        '',
      ].join('\n'),
      notes: [],
    };
  }
  return {
    install: 'npm install puppeteer',
    file: 'example.mjs',
    run: 'node example.mjs',
    code: [
      "import puppeteer from 'puppeteer';",
      '',
      `const browser = await puppeteer.launch({ args: [${quoted(`--proxy-server=${server}`)}] });`,
      'const page = await browser.newPage();',
      ...(credentials
        ? [
            `await page.authenticate({ username: ${quoted(credentials.username)}, password: ${quoted(credentials.password)} });`,
          ]
        : []),
      `await page.goto(${quoted(input.target)});`,
      'console.log(await page.evaluate(() => document.body.innerText));',
      'await browser.close();',
      '',
    ].join('\n'),
    notes: [],
  };
}
