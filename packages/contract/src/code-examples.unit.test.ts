import { describe, expect, it } from 'vitest';
import { codeExample, codeLanguages, type CodeExampleInput } from './code-examples';

const input = (over: Partial<CodeExampleInput> = {}): CodeExampleInput => ({
  protocol: 'http',
  endpoint: { host: 'gw.example.com', port: 8000 },
  credentials: { username: 'teamalpha2024-country-us', password: 'secret-pass' },
  target: 'https://ipinfo.io',
  ...over,
});

describe('code examples of a proxy line', () => {
  it('puts the line’s proxy URL and the target in every language that can use it', () => {
    for (const language of codeLanguages) {
      const { code, run } = codeExample(language, input());
      // proxychains' target is in its command; its file is the proxy list.
      expect([language, `${code ?? ''} ${run ?? ''}`.includes('https://ipinfo.io')]).toEqual([
        language,
        true,
      ]);
      expect(code).toContain('gw.example.com');
      expect(code).toContain('secret-pass');
    }
    expect(codeExample('python', input()).code).toContain(
      '"http://teamalpha2024-country-us:secret-pass@gw.example.com:8000"',
    );
    expect(codeExample('node', input()).code).toContain("import { fetch, ProxyAgent } from 'undici';");
    expect(codeExample('go', input()).code).toContain(
      'url.Parse("http://teamalpha2024-country-us:secret-pass@gw.example.com:8000")',
    );
  });

  it('uses the scheme each tool resolves remote names with for SOCKS5', () => {
    const socks = input({ protocol: 'socks5', endpoint: { host: 'gw.example.com', port: 1080 } });
    expect(codeExample('curl', socks).code).toBe(
      'curl -x socks5h://teamalpha2024-country-us:secret-pass@gw.example.com:1080 https://ipinfo.io',
    );
    expect(codeExample('python', socks)).toMatchObject({ install: 'pip install "requests[socks]"' });
    expect(codeExample('python', socks).code).toContain('"socks5h://');
    expect(codeExample('node', socks).code).toContain('new Socks5ProxyAgent("socks5://');
    expect(codeExample('go', socks).code).toContain('url.Parse("socks5://');
    expect(codeExample('proxychains', socks).code).toContain(
      '\nsocks5 gw.example.com 1080 teamalpha2024-country-us secret-pass\n',
    );
  });

  it('leaves the password out for a whitelisted address, and says when Chromium cannot use a line', () => {
    const whitelisted = input({ credentials: undefined });
    expect(codeExample('curl', whitelisted).code).toBe(
      'curl -x http://gw.example.com:8000 https://ipinfo.io',
    );
    expect(codeExample('puppeteer', whitelisted).code).not.toContain('authenticate');
    expect(codeExample('playwright', whitelisted).code).toContain(
      'proxy: { server: "http://gw.example.com:8000" }',
    );
    // Chromium has no SOCKS5 authentication: no code, a note instead; without a password it works.
    for (const browser of ['playwright', 'puppeteer'] as const) {
      expect(codeExample(browser, input({ protocol: 'socks5' }))).toEqual({
        notes: ['chromium-no-socks-auth'],
      });
      expect(codeExample(browser, input({ protocol: 'socks5', credentials: undefined })).code).toContain(
        'socks5://gw.example.com:8000',
      );
    }
  });

  it('asks for an IP address in proxychains’ list when the gateway has a name', () => {
    expect(codeExample('proxychains', input()).notes).toEqual(['proxychains-needs-ip']);
    expect(
      codeExample('proxychains', input({ endpoint: { host: '203.0.113.7', port: 8000 } })).notes,
    ).toEqual([]);
  });

  it('quotes what it embeds, so a quote in a target cannot break the code', () => {
    const odd = input({ target: 'https://example.com/?q="x"\\' });
    expect(codeExample('python', odd).code).toContain('requests.get("https://example.com/?q=\\"x\\"\\\\"');
    expect(codeExample('node', odd).code).toContain('fetch("https://example.com/?q=\\"x\\"\\\\"');
  });
});
