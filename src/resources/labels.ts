import type { NounLabels } from '../components/resource/noun-labels';
import { aboutLabels } from './about/labels';
import { applicationLabels } from './application/labels';
import { bannerLabels } from './banner/labels';
import { bibliographyLabels } from './bibliography/labels';
import { bookLabels } from './book/labels';
import { categoryLabels } from './category/labels';
import { imageLabels } from './image/labels';
import { messageLabels } from './message/labels';
import { newsLabels } from './news/labels';
import { readerLabels } from './reader/labels';
import { resourceLabels } from './resource/labels';
import { type Noun, SPECS } from './specs';
import { staffLabels } from './staff/labels';
import { subclassLabels } from './subclass/labels';
import { videoLabels } from './video/labels';

/**
 * Each audited noun's words (its folder's labels.ts), keyed as src/resources/specs.ts keys it: a
 * noun added there without its labels here is a type error. Translated text needs Lingui, which
 * the specs (read by the server and the build) must not import: hence a list of its own.
 */
const LABELS = {
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
  image: imageLabels,
} as const satisfies Record<Exclude<Noun, 'audit'>, NounLabels>;

/** The labels of every API path the audit trail names (a noun's, and any it saves besides). */
export const LABELS_BY_PATH: ReadonlyMap<string, Omit<NounLabels, 'also'>> = new Map(
  Object.entries(LABELS).flatMap(([noun, labels]) => [
    [SPECS[noun as Noun].api, labels] as const,
    ...Object.entries((labels as NounLabels).also ?? {}),
  ]),
);
