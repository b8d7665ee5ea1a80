import type { Migration } from 'kysely';
import type { DialectKind } from '../dialect';
import { init } from './0001-init';
import { content } from './0002-content';
import { bookSearch } from './0003-book-search';
import { auditRecordIndex } from './0004-audit-record-index';
import { vod } from './0005-vod';
import { accounts } from './0006-accounts';
import { isbn13 } from './0007-isbn13';
import { auditRecordTitle } from './0008-audit-record-title';
import { listViews } from './0009-list-views';
import { imageDimensions } from './0010-image-dimensions';
import { glossaryTables } from './0011-glossary-tables';
import { videoProcessing } from './0012-video-processing';
import { nounKeys } from './0013-noun-keys';
import { sessionExpiryIdempotency } from './0014-session-expiry-idempotency';
import { auditSecurityEvents } from './0015-audit-security-events';
import { loans } from './0016-loans';
import { secondFactor } from './0017-second-factor';
import { passkeys } from './0018-passkeys';
import { reminders } from './0019-reminders';
import { loansReportIndexes } from './0021-loans-report-indexes';

/** In-code migrations (no file-system scanning: works the same under tsx, bundles and tests). */
export function migrationsFor(dialect: DialectKind): Record<string, Migration> {
  return {
    '0001-init': init(dialect),
    '0002-content': content(dialect),
    '0003-book-search': bookSearch(dialect),
    '0004-audit-record-index': auditRecordIndex,
    '0005-vod': vod,
    '0006-accounts': accounts,
    '0007-isbn13': isbn13,
    '0008-audit-record-title': auditRecordTitle,
    '0009-list-views': listViews(dialect),
    '0010-image-dimensions': imageDimensions,
    '0011-glossary-tables': glossaryTables,
    '0012-video-processing': videoProcessing,
    '0013-noun-keys': nounKeys(dialect),
    '0014-session-expiry-idempotency': sessionExpiryIdempotency,
    '0015-audit-security-events': auditSecurityEvents,
    '0016-loans': loans,
    '0019-reminders': reminders(dialect),
    '0018-passkeys': passkeys,
    '0021-loans-report-indexes': loansReportIndexes,
    '0017-second-factor': secondFactor(dialect),
  };
}
