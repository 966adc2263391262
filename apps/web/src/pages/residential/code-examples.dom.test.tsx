import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { CodeExamples } from './code-examples';

const line = (protocol: 'http' | 'socks5') => ({
  protocol,
  endpoint: { host: 'gw.example.com', port: protocol === 'http' ? 8000 : 1080 },
  credentials: { username: 'teamalpha2024-country-de', password: 'secret-pass' },
  target: 'https://ipinfo.io',
});

/** The generator's examples, one tab per tool, for the line the customer generated (docs/product.md#developer-api). */
describe('the code examples under the generated list', () => {
  it('opens on curl, and shows each tool’s install, file and run steps for the same line', async () => {
    const { user } = await renderWithProviders(<CodeExamples input={line('http')} />);

    expect(screen.getByTestId('gen-curl').textContent).toBe(
      'curl -x http://teamalpha2024-country-de:secret-pass@gw.example.com:8000 https://ipinfo.io',
    );
    await user.click(screen.getByText('Python', { selector: 'span' }));
    expect(screen.getByTestId('gen-code-python-install').textContent).toBe('pip install requests');
    expect(screen.getByTestId('gen-code-python-code').textContent).toContain(
      'proxy = "http://teamalpha2024-country-de:secret-pass@gw.example.com:8000"',
    );
    expect(screen.getByText('Save as example.py')).toBeTruthy();
    expect(screen.getByTestId('gen-code-python-run').textContent).toBe('python3 example.py');

    await user.click(screen.getByText('Go', { selector: 'span' }));
    // Go's tabs survive: the code is shown as written.
    expect(screen.getByTestId('gen-code-go-code').textContent).toContain(
      '\tif err != nil {\n\t\tpanic(err)\n\t}',
    );
  });

  it('follows the line: a SOCKS5 line changes every example, and Chromium’s limit is said, not hidden', async () => {
    const { user, rerender } = await renderWithProviders(<CodeExamples input={line('http')} />);
    rerender(<CodeExamples input={line('socks5')} />);

    expect(screen.getByTestId('gen-curl').textContent).toContain(
      'socks5h://teamalpha2024-country-de:secret-pass@',
    );
    await user.click(screen.getByText('Node.js', { selector: 'span' }));
    expect(screen.getByTestId('gen-code-node-code').textContent).toContain('new Socks5ProxyAgent("socks5://');
    await user.click(screen.getByText('Playwright', { selector: 'span' }));
    expect(screen.getByTestId('gen-code-playwright').textContent).toContain(
      'Chromium cannot send a SOCKS5 username and password.',
    );
    expect(screen.queryByTestId('gen-code-playwright-code')).toBeNull();
    await user.click(screen.getByText('proxychains', { selector: 'span' }));
    expect(screen.getByTestId('gen-code-proxychains').textContent).toContain('dig +short gw.example.com');
  });
});
