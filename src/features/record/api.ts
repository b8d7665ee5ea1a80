import { createResourceApi } from '../../components/resource/resource-api';
import type { Application } from '../../resources/application/schema';
import { applicationSpec } from '../../resources/application/spec';
import type { AuditRow } from '../../resources/audit/model';
import { auditSpec } from '../../resources/audit/spec';
import type { Message } from '../../resources/message/schema';
import { messageSpec } from '../../resources/message/spec';

/**
 * What a record page lists around its record. The keys start with the noun as its list's
 * do, so a write there refreshes these too.
 */
export const relatedApplications = createResourceApi<Application>('application', applicationSpec.api, [
  'bookId',
  'userId',
]);
export const relatedMessages = createResourceApi<Message>('message', messageSpec.api, ['readerId']);
export const recordAudit = createResourceApi<AuditRow>('audit', auditSpec.api, ['resource', 'recordId']);

/** How many related rows a record page shows; the full list is a link away. */
export const RELATED_PAGE_SIZE = 50;
