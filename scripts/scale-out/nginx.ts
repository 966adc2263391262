import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { startProcess, type ManagedProcess } from './child-process';
import { GiveUp, waitFor } from './poll';

/** The response header naming the API process(es) nginx passed a request to (`127.0.0.1:port`). */
export const UPSTREAM_HEADER = 'x-scaleout-upstream';

export interface NginxPorts {
  /** The public listener (`listen 80` in the file): customers, the payment sandbox's webhooks. */
  publicPort: number;
  /** The internal listener (`listen 8081`): only the gateways' `/api/internal/`. */
  internalPort: number;
}

/** Replaces `pattern` in `text`, which must match exactly `times` times: the file changed shape otherwise. */
function replaceExactly(
  text: string,
  pattern: RegExp,
  times: number,
  by: (match: string, n: number) => string,
) {
  let n = 0;
  const result = text.replace(pattern, (match) => by(match, n++));
  if (n !== times) throw new Error(`deploy/nginx.conf: ${pattern} matched ${n} times, expected ${times}`);
  return result;
}

/**
 * The shipped `deploy/nginx.conf` (decision 023), rendered for this machine: its upstream servers
 * `api-N:8080` become the local API processes, its listeners loopback ports; nginx runs in the
 * foreground with pid, logs and temp paths in the run's directory; and every response names the API
 * process that answered it (an `add_header` for the run's bookkeeping). Nothing else changes, so the
 * run tests the configuration operators deploy: round robin, a dead process skipped, what is retried,
 * the internal API only on the internal listener.
 */
export function renderNginxConfig(
  shipped: string,
  prefix: string,
  ports: NginxPorts,
  apiPorts: number[],
): string {
  let config = replaceExactly(shipped, /server api-\d+:8080/g, apiPorts.length, (_, n) => {
    return `server 127.0.0.1:${String(apiPorts[n])}`;
  });
  config = replaceExactly(config, /^\s*listen 80;$/m, 1, (line) =>
    line.replace('80', `127.0.0.1:${ports.publicPort}`),
  );
  config = replaceExactly(config, /^\s*listen 8081;$/m, 1, (line) =>
    line.replace('8081', `127.0.0.1:${ports.internalPort}`),
  );
  config = replaceExactly(config, /^http \{$/m, 1, () =>
    [
      'http {',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
        (kind) => `  ${kind}_temp_path ${prefix}/temp/${kind};`,
      ),
      `  add_header X-Scaleout-Upstream $upstream_addr always;`,
    ].join('\n'),
  );
  return `daemon off;\npid ${prefix}/nginx.pid;\nerror_log ${prefix}/error.log warn;\n${config}`;
}

export async function startNginx(
  nginxBin: string,
  root: string,
  workDir: string,
  ports: NginxPorts,
  apiPorts: number[],
): Promise<ManagedProcess> {
  const prefix = path.join(workDir, 'nginx');
  await mkdir(path.join(prefix, 'temp'), { recursive: true });
  // nginx started as root runs its workers as nobody, and they buffer large responses in temp files
  // under the run's directory: let them through it (traverse only, no listing).
  await chmod(workDir, 0o711);
  const configFile = path.join(prefix, 'nginx.conf');
  const shipped = await readFile(path.join(root, 'deploy/nginx.conf'), 'utf8');
  await writeFile(configFile, renderNginxConfig(shipped, prefix, ports, apiPorts));
  // -e: the error log before the config is read (else the package's compiled-in one is tried first).
  const errorLog = path.join(prefix, 'error.log');
  const nginx = startProcess('nginx', nginxBin, ['-p', prefix, '-c', configFile, '-e', errorLog], {
    cwd: prefix,
    env: {},
    logDir: workDir,
  });
  await waitFor(
    `nginx passing /api/health on port ${ports.publicPort} and /api/internal/ on port ${ports.internalPort}`,
    async () => {
      if (!nginx.running()) {
        throw new GiveUp(
          `nginx exited: ${nginx.output()}${await readFile(errorLog, 'utf8').catch(() => '')}`,
        );
      }
      const health = await fetch(`http://127.0.0.1:${ports.publicPort}/api/health`);
      // A path under /api/internal/ that no route serves: the API's own 404 envelope (JSON) shows the
      // internal listener reaches it, without a refused-secret warning in the API's log.
      const internal = await fetch(`http://127.0.0.1:${ports.internalPort}/api/internal/listener-check`);
      return health.ok && Boolean(internal.headers.get('content-type')?.includes('application/json'));
    },
    10_000,
  );
  return nginx;
}
