/**
 * `npm run bench`: every benchmark, one after another (they share two cores, so never in parallel),
 * printed as Markdown for README. Loopback only; every loop is bounded.
 */
import { existsSync } from 'node:fs';
import { benchBundle } from './bundle';

const sections: [string, () => Promise<string>][] = [['bundle', benchBundle]];

// Benchmarks that other issues add register here when their module exists.
for (const [name, file] of [['books', './books.ts']] as const) {
  if (existsSync(new URL(file, import.meta.url))) {
    sections.push([name, async () => ((await import(file)) as { benchBooks: () => Promise<string> }).benchBooks()]);
  }
}

sections.push(['loans', async () => (await import('./loans-report')).benchLoansReport()]);
sections.push(['upload', async () => (await import('./upload')).benchUpload()]);
sections.push(['video', async () => (await import('./video')).benchVideo()]);
sections.push(['images', async () => (await import('./images')).benchImages()]);
sections.push(['event-loop', async () => (await import('./event-loop')).benchEventLoop()]);
sections.push(['csv', async () => (await import('./csv-reader')).benchCsvReader()]);
sections.push(['lighthouse', async () => (await import('./lighthouse')).benchLighthouse()]);

const dist = process.env.LECTERN_DIST ?? 'dist';
if (!existsSync(`${dist}/index.html`)) {
  console.error(`Build first: npm run build (no ${dist}/index.html)`);
  process.exit(1);
}
const only = process.argv.slice(2);
for (const [name, run] of sections) {
  if (only.length && !only.includes(name)) continue;
  console.error(`[bench] ${name}…`);
  console.log(`${await run()}\n`);
}
