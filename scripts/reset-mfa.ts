// `npm run reset-mfa -- <account>`: removes a member's second factors (authenticator app and
// recovery codes) and signs them out everywhere, for an administrator locked out with no other
// administrator to reset them on the Staff screen. Reads LECTERN_DATA and DATABASE_URL as the server
// does; audited as `factors_reset` (reason cli). The account is its name or phone number.

import { resetFactors } from '../src/server/auth/mfa/reset';
import { ConfigError, loadConfig } from '../src/server/config';
import { migrateToLatest, withStartupLock } from '../src/server/db/migrate';
import { openDatabase } from '../src/server/db/open';
import { findStaffByLogin } from '../src/server/db/repositories/staff';

const [account, ...rest] = process.argv.slice(2);
if (!account || rest.length > 0 || account.startsWith('-')) {
  console.error('Usage: npm run reset-mfa -- <account name or phone number>');
  process.exit(2);
}

let code = 0;
try {
  const config = loadConfig(process.env);
  const { db, dialect } = openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, poolSize: 1 });
  try {
    // A database older than the second factor has nothing to reset, but gets the tables the server would add.
    await withStartupLock(db, dialect, (conn) => migrateToLatest(conn, dialect));
    const staff = await findStaffByLogin(db, account);
    if (!staff) {
      console.error(`No staff account named "${account}".`);
      code = 1;
    } else {
      const out = await resetFactors({ db, now: () => new Date() }, { id: staff.id, userName: staff.user_name }, null, {
        address: 'command line',
        userAgent: 'npm run reset-mfa',
      });
      console.log(
        `${staff.user_name}: ${out.hadFactor ? 'two-step sign-in removed' : 'had no two-step sign-in'}, ${out.sessionsEnded} session(s) ended. They sign in next with their password${
          staff.must_change_password === 1 ? ' (which they must change)' : ''
        }, then set up two-step sign-in again if LECTERN_MFA_REQUIRED asks it.`,
      );
    }
  } finally {
    await db.destroy();
  }
} catch (err) {
  console.error(`Reset failed: ${err instanceof ConfigError ? err.message : err}`);
  code = 1;
}
process.exit(code);
