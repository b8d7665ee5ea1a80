import type { NounLabels } from '../components/resource/noun-labels';
import { aboutLabels } from './about/labels';
import { applicationLabels } from './application/labels';
import { bannerLabels } from './banner/labels';
import { bibliographyLabels } from './bibliography/labels';
import { bookLabels } from './book/labels';
import { categoryLabels } from './category/labels';
import { imageLabels } from './image/labels';
import { loanPolicyLabels } from './loan-policy/labels';
import { messageLabels } from './message/labels';
import { newsLabels } from './news/labels';
import { readerLabels } from './reader/labels';
import { reminderLabels } from './reminder/labels';
import { resourceLabels } from './resource/labels';
import type { Noun } from './specs';
import { staffLabels } from './staff/labels';
import { subclassLabels } from './subclass/labels';
import { videoLabels } from './video/labels';

/**
 * Each audited noun's words (its folder's labels.ts), keyed as src/resources/specs.ts keys it: a
 * noun added there without its labels here is a type error. Translated text needs Lingui, which
 * the specs (read by the server and the build) must not import: hence a list of its own. In the
 * order of the specs: the audit log's resource filter and Home's cards list them so.
 */
export const LABELS = {
  book: bookLabels,
  banner: bannerLabels,
  about: aboutLabels,
  news: newsLabels,
  resource: resourceLabels,
  bibliography: bibliographyLabels,
  category: categoryLabels,
  subclass: subclassLabels,
  video: videoLabels,
  reader: readerLabels,
  staff: staffLabels,
  message: messageLabels,
  application: applicationLabels,
  reminder: reminderLabels,
  loanPolicy: loanPolicyLabels,
  image: imageLabels,
} as const satisfies Record<Exclude<Noun, 'audit'>, NounLabels>;

/** A noun with records of its own, as the audit trail and Home name them. */
export type LabelledNoun = keyof typeof LABELS;

/** The labels of the noun `key` (an audit entry's `resource`, a count's key); undefined for any other string. */
export const labelsOf = (key: string): NounLabels | undefined =>
  Object.hasOwn(LABELS, key) ? LABELS[key as LabelledNoun] : undefined;
