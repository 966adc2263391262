import { z } from 'zod';

/**
 * In the browser, under the portal's Content-Security-Policy (no 'unsafe-eval', decision 020): Zod 4
 * probes `new Function('')` when it builds an object schema, to decide whether to compile its parser,
 * and under the CSP that probe is a reported violation. Interpreted parsing is plenty fast for forms and
 * answers. index.ts imports this module first, before any schema is built; package.json marks both as
 * having side effects, or a bundler would skip the barrel and drop the import (the e2e CSP check fails
 * then). The server has no CSP and keeps the compiled parsers.
 */
if ('document' in globalThis) z.config({ jitless: true });
