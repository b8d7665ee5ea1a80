import type { ResourceSpec } from '../contract/resource-spec';
import { aboutSpec } from './about/spec';
import { applicationSpec } from './application/spec';
import { auditSpec } from './audit/spec';
import { bannerSpec } from './banner/spec';
import { bibliographySpec } from './bibliography/spec';
import { bookSpec } from './book/spec';
import { categorySpec } from './category/spec';
import { imageSpec } from './image/spec';
import { loanPolicySpec } from './loan-policy/spec';
import { messageSpec } from './message/spec';
import { newsSpec } from './news/spec';
import { readerSpec } from './reader/spec';
import { reminderSpec } from './reminder/spec';
import { resourceSpec } from './resource/spec';
import { staffSpec } from './staff/spec';
import { subclassSpec } from './subclass/spec';
import { videoSpec } from './video/spec';

/**
 * Every noun, one line each (docs/glossary.md): the list that the build's boot manifest, Home's
 * cards, the audit log's resource filter and the server's mounting iterate. Plain data (specs
 * import no zod, no Lingui, no React), so the build, the server and any screen can import it.
 */
export const SPECS = {
  book: bookSpec,
  banner: bannerSpec,
  about: aboutSpec,
  news: newsSpec,
  resource: resourceSpec,
  bibliography: bibliographySpec,
  category: categorySpec,
  subclass: subclassSpec,
  video: videoSpec,
  reader: readerSpec,
  staff: staffSpec,
  message: messageSpec,
  application: applicationSpec,
  reminder: reminderSpec,
  loanPolicy: loanPolicySpec,
  image: imageSpec,
  audit: auditSpec,
} as const satisfies Record<string, ResourceSpec>;

export type Noun = keyof typeof SPECS;

/**
 * The noun whose API path is `api` ('users' → 'reader'), for what holds a request rather than a
 * noun: a write queued offline keeps the path it is sent to.
 */
export const nounOfApi = (api: string): Noun | undefined =>
  (Object.keys(SPECS) as Noun[]).find((noun) => SPECS[noun].api === api);

/** The nouns whose screen is a list (its first page is `POST /{api}/page`), with their specs. */
export const listSpecs = (): [Noun, ResourceSpec][] =>
  (Object.entries(SPECS) as [Noun, ResourceSpec][]).filter(([, s]) => s.menu !== undefined && !s.single);
