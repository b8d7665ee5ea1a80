// `npm run backup -- <folder>`: a consistent copy of the database and the uploaded files while the
// server runs. Reads LECTERN_DATA and DATABASE_URL as the server does (src/server/ops/backup.ts).
import { resolve } from 'node:path';
import { ConfigError, loadConfig } from '../src/server/config';
import { BackupError, backup } from '../src/server/ops/backup';

const [target, ...rest] = process.argv.slice(2);
if (!target || rest.length > 0 || target.startsWith('-')) {
  console.error('Usage: npm run backup -- <folder>   (a new or empty folder)');
  process.exit(2);
}

try {
  const config = loadConfig(process.env);
  const started = Date.now();
  const m = await backup({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    target: resolve(target),
    log: (msg) => console.log(msg),
  });
  const mib = (m.files.bytes / 1024 / 1024).toFixed(1);
  console.log(
    `Backup done in ${((Date.now() - started) / 1000).toFixed(1)} s: ${m.engine} database (${m.migrations.length} migrations), ${m.files.copied} files (${mib} MiB) in ${resolve(target)}`,
  );
  if (m.files.vanished > 0) console.log(`${m.files.vanished} files were deleted while copying (not in the backup).`);
} catch (err) {
  console.error(`Backup failed: ${err instanceof ConfigError || err instanceof BackupError ? err.message : err}`);
  process.exit(1);
}
