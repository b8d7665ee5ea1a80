import { createResourceApi } from '../../components/resource/resource-api';
import type { Application } from '../../resources/application/schema';
import type { AuditRow } from '../../resources/audit/model';
import type { Message } from '../../resources/message/schema';

/**
 * What a record page lists around its record. The keys start with the resource path as the lists'
 * do ('apply', 'online', 'audit'), so a write there refreshes these too.
 */
export const relatedApplications = createResourceApi<Application>('apply', ['bookId', 'userId']);
export const relatedMessages = createResourceApi<Message>('online', ['readerId']);
export const recordAudit = createResourceApi<AuditRow>('audit', ['resource', 'recordId']);

/** How many related rows a record page shows; the full list is a link away. */
export const RELATED_PAGE_SIZE = 50;
