import type { Problem, Repo } from './repo';

/** Environment variables: each configuration's reads against the example files and the README tables. */

/**
 * Variables a configuration module reads: its schema's keys, spread field sets and `env.X` reads. A key
 * whose schema is `z.undefined(…)` is a retired name kept only to refuse it, so it is not counted.
 */
export function envVarsRead(
  repo: { read: (file: string) => string },
  file: string,
  spreads: string[],
): string[] {
  const text = [file, ...spreads].map((f) => repo.read(f)).join('\n');
  const vars = new Set<string>();
  const keys = [...text.matchAll(/^\s+([A-Z][A-Z0-9_]*[A-Z0-9]):/gm)];
  keys.forEach((m, i) => {
    const body = text.slice(m.index, keys[i + 1]?.index ?? text.length);
    if (!/\bz\.undefined\(/.test(body.split(/^\s*\}\);?$/m)[0] ?? body)) vars.add(m[1] ?? '');
  });
  for (const m of text.matchAll(/\b(?:env|source|process\.env)\.([A-Z][A-Z0-9_]*[A-Z0-9])\b/g)) {
    vars.add(m[1] ?? '');
  }
  for (const m of text.matchAll(/\benv\[['"]([A-Z][A-Z0-9_]*)['"]\]/g)) vars.add(m[1] ?? '');
  vars.delete('');
  return [...vars].sort();
}

/** `KEY=` lines of an example env file, with their line numbers. */
export function envExampleVars(text: string): Map<string, number> {
  const vars = new Map<string, number>();
  text.split('\n').forEach((line, i) => {
    const m = /^\s*([A-Z][A-Z0-9_]*)=/.exec(line);
    if (m?.[1] && !vars.has(m[1])) vars.set(m[1], i + 1);
  });
  return vars;
}

/** Variables named in backticks on markdown table rows. */
function tableVars(text: string): Set<string> {
  const vars = new Set<string>();
  for (const line of text.split('\n')) {
    if (!line.trimStart().startsWith('|')) continue;
    for (const m of line.matchAll(/`([A-Z][A-Z0-9_]*)`/g)) if (m[1]) vars.add(m[1]);
  }
  return vars;
}

export function checkEnv(repo: Repo): Problem[] {
  const problems: Problem[] = [];
  const has = (f: string) => repo.fileSet.has(f);
  const optional = (f: string) => (has(f) ? repo.read(f) : '');
  const logFields = 'packages/logging/src/log-env.ts';
  const spreadsOf = (config: string) =>
    has(logFields) && repo.read(config).includes('...logEnvFields') ? [logFields] : [];

  const serverConfig = 'apps/server/src/config.ts';
  const gatewayConfig = 'apps/gateway/src/config.ts';
  const serverVars = has(serverConfig) ? envVarsRead(repo, serverConfig, spreadsOf(serverConfig)) : [];
  const gatewayVars = has(gatewayConfig) ? envVarsRead(repo, gatewayConfig, spreadsOf(gatewayConfig)) : [];

  const rootExample = envExampleVars(optional('.env.example'));
  const gatewayExample = envExampleVars(optional('apps/gateway/gateway.env.example'));
  const readme = tableVars(optional('README.md'));
  const gatewayReadme = tableVars(optional('apps/gateway/README.md'));
  const compose = optional('compose.yaml');
  const composeVars = new Set([...compose.matchAll(/\$\{([A-Z][A-Z0-9_]*)/g)].map((m) => m[1] ?? ''));

  for (const v of serverVars) {
    if (!rootExample.has(v)) {
      problems.push({ file: serverConfig, line: 1, message: `${v} is read but not in .env.example` });
    }
    if (!readme.has(v)) {
      problems.push({
        file: serverConfig,
        line: 1,
        message: `${v} is read but not in README.md's configuration table`,
      });
    }
  }
  for (const v of gatewayVars) {
    if (!gatewayExample.has(v) && !rootExample.has(v)) {
      problems.push({
        file: gatewayConfig,
        line: 1,
        message: `${v} is read but not in apps/gateway/gateway.env.example`,
      });
    }
    if (!gatewayReadme.has(v) && !readme.has(v)) {
      problems.push({
        file: gatewayConfig,
        line: 1,
        message: `${v} is read but not in the configuration table of README.md or apps/gateway/README.md`,
      });
    }
  }
  const readByAny = new Set([...serverVars, ...gatewayVars, ...composeVars]);
  for (const [v, line] of rootExample) {
    if (!readByAny.has(v)) {
      problems.push({ file: '.env.example', line, message: `${v} is not read by any configuration` });
    }
  }
  const gatewayRead = new Set(gatewayVars);
  for (const [v, line] of gatewayExample) {
    if (!gatewayRead.has(v)) {
      problems.push({
        file: 'apps/gateway/gateway.env.example',
        line,
        message: `${v} is not read by the gateway`,
      });
    }
  }
  return problems;
}
