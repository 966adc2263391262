import { printTable } from './table';

/** The parts of V8's .cpuprofile format (`--cpu-prof`) the summary reads. */
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
export interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** `file:line` shortened to the part of the path that says where it lives. */
function whereOf(frame: ProfileNode['callFrame']): string {
  const file = frame.url.replace(/^file:\/\//, '').replace(/^.*\/(apps|bench|node_modules)\//, '$1/');
  return file ? `${file}:${frame.lineNumber + 1}` : '';
}

/**
 * Prints the functions with the most self time (time on top of the stack) and the idle share, so
 * two profiles of the same work (gateway, bare pipe) can be compared by eye.
 */
export function summarizeProfile(profile: CpuProfile, top = 25): void {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, index) => {
    const node = byId.get(id);
    const micros = profile.timeDeltas[index] ?? 0;
    if (!node) return;
    const key = `${node.callFrame.functionName || '(anonymous)'}\t${whereOf(node.callFrame)}`;
    self.set(key, (self.get(key) ?? 0) + micros);
    total += micros;
  });
  const idle = [...self].filter(([key]) => key.startsWith('(idle)')).reduce((s, [, v]) => s + v, 0);
  const busy = total - idle;
  console.log(`sampled ${(total / 1e6).toFixed(1)} s, busy ${(busy / 1e6).toFixed(1)} s`);
  const rows = [...self]
    .filter(([key]) => !key.startsWith('(idle)'))
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([key, micros]) => {
      const [name = '', where = ''] = key.split('\t');
      return [
        ((micros / busy) * 100).toFixed(1),
        (micros / 1e3).toFixed(0),
        name.slice(0, 40),
        where.slice(-60),
      ];
    });
  printTable(['% busy', 'ms', 'function', 'where'], rows);
}
