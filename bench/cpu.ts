import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

/**
 * CPU time of the bench and everything it started (the server, Chromium's processes), by what the
 * work is for, read from Linux's /proc. On two shared cores an upload through the local video
 * service saturates the machine, so its throughput follows the CPU each path needs: this tells the
 * upload's own costs (the worker, the page showing progress) apart from the server's and the
 * network's, which every path pays. Elsewhere (no /proc) it reports nothing.
 */
export type CpuGroup =
  | 'server'
  | 'page main threads'
  | 'upload worker'
  | 'renderer, other threads'
  | 'network service'
  | 'browser process'
  | 'other (GPU, bench)';

export const CPU_GROUPS: CpuGroup[] = [
  'server',
  'page main threads',
  'upload worker',
  'renderer, other threads',
  'network service',
  'browser process',
  'other (GPU, bench)',
];

export type CpuSample = Map<CpuGroup, number>;

const TICKS = 100; // USER_HZ on Linux
const read = (path: string) => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
};

/** utime + stime of a /proc stat line, in seconds. */
function seconds(stat: string): number {
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(f[11]) + Number(f[12])) / TICKS;
}

/** Processes descending from `root` (the bench itself): the server and Chromium with its children. */
function descendants(root: number): number[] {
  const parent = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = read(`/proc/${name}/stat`);
    if (stat) parent.set(Number(name), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
  }
  const out = [root];
  for (let i = 0; i < out.length; i++) for (const [pid, ppid] of parent) if (ppid === out[i]) out.push(pid);
  return out;
}

function groupOf(pid: number, tid: number, cmdline: string, thread: string, serverPid: number): CpuGroup {
  if (pid === serverPid) return 'server';
  const type = /--type=(\S+)/.exec(cmdline)?.[1];
  if (type === 'renderer') {
    if (tid === pid) return 'page main threads';
    return thread.startsWith('DedicatedWorker') ? 'upload worker' : 'renderer, other threads';
  }
  if (type === 'utility' && cmdline.includes('NetworkService')) return 'network service';
  if (!type && /chrom/i.test(cmdline.split(/[\0 ]/)[0] ?? '')) return 'browser process';
  return 'other (GPU, bench)';
}

/** CPU seconds so far of the bench and its descendants, by group; null without /proc. */
function cpuSample(serverPid: number): CpuSample | null {
  if (read('/proc/self/stat') === null) return null;
  const out: CpuSample = new Map();
  for (const pid of descendants(process.pid)) {
    const cmdline = (read(`/proc/${pid}/cmdline`) ?? '').replaceAll('\0', ' ');
    let tids: string[];
    try {
      tids = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue; // gone meanwhile
    }
    for (const t of tids) {
      const stat = read(`/proc/${pid}/task/${t}/stat`);
      if (!stat) continue;
      const thread = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const g = groupOf(pid, Number(t), cmdline, thread, serverPid);
      out.set(g, (out.get(g) ?? 0) + seconds(stat));
    }
  }
  return out;
}

/** CPU seconds spent between two samples, by group. Threads that ended between them are not counted. */
function cpuSpent(from: CpuSample | null, to: CpuSample | null): CpuSample | null {
  if (!from || !to) return null;
  const out: CpuSample = new Map();
  for (const g of CPU_GROUPS) out.set(g, Math.max(0, (to.get(g) ?? 0) - (from.get(g) ?? 0)));
  return out;
}

export const cores = availableParallelism();

/** CPU time over a window, and the window's length. */
export interface CpuUse {
  spent: CpuSample;
  ms: number;
}

/** Measures one window: `start()`, then `stop()` (later calls ignored); `use()` is null without /proc. */
export function cpuMeter(serverPid = serverProcess) {
  let from: { at: number; sample: CpuSample | null } | null = null;
  let use: CpuUse | null = null;
  return {
    start() {
      from = { at: performance.now(), sample: cpuSample(serverPid) };
    },
    stop() {
      if (!from || use) return;
      const spent = cpuSpent(from.sample, cpuSample(serverPid));
      if (spent) use = { spent, ms: performance.now() - from.at };
    },
    use: () => use,
  };
}

let serverProcess = -1;
/** The server's pid, so its CPU is told apart from the bench's own. */
export function cpuServer(pid: number | undefined): void {
  serverProcess = pid ?? -1;
}
