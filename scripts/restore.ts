// `npm run restore -- <folder> [--force]`: puts a backup made by `npm run backup` back into
// LECTERN_DATA (and DATABASE_URL on PostgreSQL). Stop every server instance first.
import { resolve } from 'node:path';
import { ConfigError, loadConfig } from '../src/server/config';
import { BackupError, restore } from '../src/server/ops/backup';

const args = process.argv.slice(2);
const force = args.includes('--force');
const folders = args.filter((a) => a !== '--force');
if (folders.length !== 1 || folders[0]?.startsWith('-')) {
  console.error('Usage: npm run restore -- <backup folder> [--force]   (--force replaces existing data)');
  process.exit(2);
}
const source = resolve(folders[0] as string);

try {
  const config = loadConfig(process.env);
  const m = await restore({
    source,
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    force,
    log: (msg) => console.log(msg),
  });
  console.log(`Restored the ${m.engine} backup of ${m.createdAt} into ${config.dataDir}.`);
} catch (err) {
  console.error(`Restore failed: ${err instanceof ConfigError || err instanceof BackupError ? err.message : err}`);
  process.exit(1);
}
