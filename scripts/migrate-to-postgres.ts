// `npm run migrate-to-postgres -- <DATABASE_URL> [--replace] [--without-sessions] [--from <file>]`:
// copies the SQLite database of LECTERN_DATA (or --from) into PostgreSQL, ids, versions and
// sequences kept, then checks row counts and checksums per table (src/server/ops/convert.ts).
// Stop the server first; afterwards start it with DATABASE_URL set.
import { join, resolve } from 'node:path';
import { ConfigError, loadConfig } from '../src/server/config';
import { redactUrl } from '../src/server/db/postgres';
import { ConvertError, convertToPostgres } from '../src/server/ops/convert';

const USAGE =
  'Usage: npm run migrate-to-postgres -- <postgres://…> [--replace] [--without-sessions] [--from <lectern.sqlite>]';
const args = process.argv.slice(2);
let url: string | undefined;
let from: string | undefined;
let replace = false;
let sessions = true;
for (let i = 0; i < args.length; i++) {
  const a = args[i] as string;
  if (a === '--replace') replace = true;
  else if (a === '--without-sessions') sessions = false;
  else if (a === '--from') from = args[++i];
  else if (!a.startsWith('-') && url === undefined) url = a;
  else {
    console.error(`Unknown argument ${a}\n${USAGE}`);
    process.exit(2);
  }
}
if (!url || !/^postgres(ql)?:\/\//.test(url)) {
  console.error(USAGE);
  process.exit(2);
}

try {
  // The source: the SQLite file the server would use (DATABASE_URL of the environment is ignored).
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const sqliteFile = from ? resolve(from) : join(loadConfig(env).dataDir, 'lectern.sqlite');
  const started = Date.now();
  console.log(`Source: ${sqliteFile}${sessions ? '' : ' (without sessions)'}`);
  const results = await convertToPostgres({
    sqliteFile,
    databaseUrl: url,
    sessions,
    replace,
    log: (msg) => console.log(msg),
  });
  for (const r of results)
    console.log(`  ${r.table.padEnd(22)} ${String(r.rows).padStart(9)} rows  sha256 ${r.checksum.slice(0, 16)}`);
  const total = results.reduce((n, r) => n + r.rows, 0);
  console.log(
    `Copied and verified ${results.length} tables, ${total} rows, in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
  console.log(`Start Lectern with DATABASE_URL=${redactUrl(url)} (the password as you gave it).`);
} catch (err) {
  console.error(`Conversion failed: ${err instanceof ConfigError || err instanceof ConvertError ? err.message : err}`);
  process.exit(1);
}
