// As main.tsx: antd 5's React 19 compatibility (its effects and static methods).
import '@ant-design/v5-patch-for-react-19';
import { cleanup, configure } from '@testing-library/react';
import { message } from 'antd';
import { afterAll, afterEach, beforeEach, vi } from 'vitest';
import { installBrowserStubs, setViewportWidth } from './browser-stubs';
import { clearRoutes, mockFetch, takeProblems } from './fetch-mock';
import { mockSite } from './site-api';

/** Set-up of the `web` test project (vitest.config.ts): every *.dom.test.tsx file runs after this. */

installBrowserStubs();
// A screen's first render in jsdom can take seconds on a busy machine; `findBy…` waits that long.
configure({ asyncUtilTimeout: 15_000 });
vi.stubGlobal('fetch', mockFetch);

// Every screen reads the brand from the server (components/site.ts); a test may answer another.
beforeEach(() => {
  mockSite();
});

afterEach(() => {
  // Vitest runs without globals, so Testing Library cannot unmount on its own.
  cleanup();
  setViewportWidth(1024);
  message.destroy();
  clearRoutes();
  localStorage.clear();
  sessionStorage.clear();
  // A checkout "visit" leaves its hash on the URL (see test/checkout.ts).
  window.history.replaceState(null, '', '/');
  const problems = takeProblems();
  if (problems.length > 0) throw new Error(`The request mock saw problems:\n${problems.join('\n')}`);
});

// What a screen leaves running after its test (a render React scheduled, ProLayout's menu timer of
// 400 ms that it never clears) must finish while the page exists: jsdom goes when the file ends.
afterAll(() => new Promise((resolve) => setTimeout(resolve, 500)));
