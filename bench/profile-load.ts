/**
 * `tsx bench/profile-load.ts [path…]`: where a cold load's long tasks go, at a phone's CPU (4×
 * slower, as Lighthouse's mobile preset). Loads each path signed in, in a fresh context, with a
 * Chromium trace (timeline and V8 sampling profiler), then prints every main-thread task over
 * 50 ms and, for each, the functions with the most self time inside it (from the samples).
 * LECTERN_DIST picks the build (default dist/); LECTERN_PROFILE_RUNS loads each path that many
 * times (default 1). Loopback only.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SourceMapConsumer } from 'source-map-js';
import { launch } from './chromium';
import { startDemoServer } from './server';

const RUNS = Number(process.env.LECTERN_PROFILE_RUNS ?? 1);

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: {
    data?: {
      cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
      timeDeltas?: number[];
      frame?: string;
      url?: string;
    };
  };
}
interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url?: string; lineNumber: number; columnNumber: number };
}

/** Long tasks of the page's main thread and the functions that took their time. */
const DIST = process.env.LECTERN_DIST ?? 'dist';
const maps = new Map<string, Promise<SourceMapConsumer | null>>();
/** The module (source file) a minified frame belongs to, from the build's hidden sourcemaps. */
async function origin(url: string | undefined, line: number, column: number): Promise<string> {
  const file = url?.match(/\/assets\/([^?#]+\.js)/)?.[1];
  if (!file) return url?.split('/').pop() || '(native)';
  if (!maps.has(file))
    maps.set(
      file,
      readFile(join(DIST, 'assets', `${file}.map`), 'utf8').then(
        (t) => new SourceMapConsumer(JSON.parse(t)),
        () => null,
      ),
    );
  const map = await maps.get(file);
  const pos = map?.originalPositionFor({ line: line + 1, column });
  if (!pos?.source) return file;
  return pos.source.replace(/^.*node_modules\//, '').replace(/^(\.\.\/)+/, '');
}

const BROWSER_WORK = new Set(['UpdateLayoutTree', 'Layout', 'Paint', 'PrePaint', 'Layerize', 'ParseHTML']);

async function analyse(events: TraceEvent[]): Promise<string[]> {
  const rendererMain = events.filter(
    (e) => e.name === 'thread_name' && (e.args as { name?: string })?.name === 'CrRendererMain',
  );
  // The page's own renderer: the trace also records other tabs' renderers (a browser shared with
  // other work).
  const pagePid = events.find((e) => e.name === 'navigationStart')?.pid;
  const threads = new Set(rendererMain.filter((e) => e.pid === pagePid).map((e) => `${e.pid}:${e.tid}`));
  const tasks = events
    .filter((e) => e.name === 'RunTask' && e.ph === 'X' && (e.dur ?? 0) > 50_000 && threads.has(`${e.pid}:${e.tid}`))
    .sort((a, b) => a.ts - b.ts);
  // Samples: ProfileChunk events carry nodes and (sample, delta) pairs per profile id.
  const nodes = new Map<string, ProfileNode>();
  const samples: { ts: number; node: string }[] = [];
  const clock = new Map<string, number>();
  for (const e of events) {
    if (e.name === 'Profile') clock.set(e.id ?? '', (e.args?.data as { startTime?: number })?.startTime ?? e.ts);
    if (e.name !== 'ProfileChunk') continue;
    const id = e.id ?? '';
    const data = e.args?.data;
    for (const n of data?.cpuProfile?.nodes ?? []) nodes.set(`${id}:${n.id}`, n);
    let t = clock.get(id) ?? e.ts;
    const deltas = data?.timeDeltas ?? [];
    (data?.cpuProfile?.samples ?? []).forEach((s, i) => {
      t += deltas[i] ?? 0;
      samples.push({ ts: t, node: `${id}:${s}` });
    });
    clock.set(id, t);
  }
  // LECTERN_PROFILE_MODULES=a,b: the samples of those modules over the whole load, long tasks or not.
  const watch = process.env.LECTERN_PROFILE_MODULES?.split(',');
  const watched = new Map<string, number>();
  if (watch) {
    for (const s of samples) {
      const f = nodes.get(s.node)?.callFrame;
      if (!f?.url?.includes('/assets/')) continue;
      const key = await origin(f.url, f.lineNumber, f.columnNumber);
      const hit = watch.find((w) => key.includes(w));
      if (hit) watched.set(hit, (watched.get(hit) ?? 0) + 1);
    }
  }
  const t0 = Math.min(...events.filter((e) => e.name === 'navigationStart').map((e) => e.ts));
  const out: string[] = [];
  // The main thread's CPU time (thread time, not wall time: on a busy machine the wall time of a
  // task grows with other processes' work, its thread time much less), over the whole load.
  const cpu = events
    .filter((e) => e.name === 'RunTask' && e.ph === 'X' && threads.has(`${e.pid}:${e.tid}`))
    .reduce((sum, e) => sum + ((e as { tdur?: number }).tdur ?? 0), 0);
  out.push(`main thread CPU time ${Math.round(cpu / 1000)} ms (all tasks); long tasks below`);
  if (watch) out.push(`samples: ${watch.map((w) => `${w} ×${watched.get(w) ?? 0}`).join(', ')}`);
  for (const task of tasks) {
    const inTask = samples.filter((s) => s.ts >= task.ts && s.ts <= task.ts + (task.dur ?? 0));
    const self = new Map<string, number>();
    for (const s of inTask) {
      const n = nodes.get(s.node);
      if (!n) continue;
      const f = n.callFrame;
      const key = await origin(f.url, f.lineNumber, f.columnNumber);
      self.set(key, (self.get(key) ?? 0) + 1);
    }
    // The browser's own work inside the task (style, layout, paint): the samples charge a forced
    // layout to the script that asked for it.
    const work = new Map<string, number>();
    for (const e of events) {
      if (e.ph !== 'X' || e.pid !== task.pid || e.tid !== task.tid || !BROWSER_WORK.has(e.name)) continue;
      if (e.ts < task.ts || e.ts > task.ts + (task.dur ?? 0)) continue;
      work.set(e.name, (work.get(e.name) ?? 0) + (e.dur ?? 0));
    }
    const browserWork = [...work.entries()].map(([k, us]) => `${k} ${Math.round(us / 1000)} ms`).join(', ');
    const top = [...self.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 6)
      .map(([k, n]) => `${k} ×${n}`);
    out.push(
      `task at ${Math.round((task.ts - t0) / 1000)} ms, ${Math.round((task.dur ?? 0) / 1000)} ms (${inTask.length} samples): ${top.join(' | ')}${browserWork ? ` [${browserWork}]` : ''}`,
    );
  }
  return out;
}

async function main() {
  const paths = process.argv.slice(2).length ? process.argv.slice(2) : ['/web/book'];
  const server = await startDemoServer('profile');
  const dataDir = server.dataDir;
  const browser = await launch();
  try {
    const cookie = await server.signIn();
    for (const path of paths) {
      for (let run = 1; run <= RUNS; run++) {
        const ctx = await browser.newContext({
          viewport: { width: 390, height: 844 },
          deviceScaleFactor: 3,
          serviceWorkers: 'block',
        });
        await ctx.addCookies([{ name: 'Authorization', value: cookie, url: server.url }]);
        const page = await ctx.newPage();
        const cdp = await ctx.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
        const file = join(dataDir, `trace-${run}.json`);
        await browser.startTracing(page, {
          path: file,
          categories: [
            'devtools.timeline',
            'disabled-by-default-devtools.timeline',
            'disabled-by-default-v8.cpu_profiler',
            'blink.user_timing',
          ],
        });
        await page.goto(server.url + path, { waitUntil: 'load' });
        await page
          .locator('[data-testid=resource-row], main h1, main h2')
          .first()
          .waitFor({ timeout: 60_000 })
          .catch(() => undefined);
        await page.waitForTimeout(3000);
        await browser.stopTracing();
        const trace = JSON.parse(await readFile(file, 'utf8')) as { traceEvents: TraceEvent[] };
        console.log(`## ${path} (run ${run})`);
        for (const line of await analyse(trace.traceEvents)) console.log(`- ${line}`);
        await ctx.close();
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
