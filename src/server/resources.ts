import { aboutServer } from '../resources/about/server';
import { applicationServer } from '../resources/application/server';
import { auditServer } from '../resources/audit/server';
import { bannerServer } from '../resources/banner/server';
import { bibliographyServer } from '../resources/bibliography/server';
import { bookServer } from '../resources/book/server';
import { categoryServer } from '../resources/category/server';
import { imageServer } from '../resources/image/server';
import { loanPolicyServer } from '../resources/loan-policy/server';
import { messageServer } from '../resources/message/server';
import { newsServer } from '../resources/news/server';
import { readerServer } from '../resources/reader/server';
import { reminderServer } from '../resources/reminder/server';
import { resourceServer } from '../resources/resource/server';
import type { Noun } from '../resources/specs';
import { staffServer } from '../resources/staff/server';
import { subclassServer } from '../resources/subclass/server';
import { videoServer } from '../resources/video/server';
import type { MakeNounServer, NounServer } from './http/noun';
import type { Services } from './services';

/**
 * Every noun's server part, one line each, keyed as `resources/specs.ts` lists the nouns (a noun
 * without its server part is a type error). app.ts builds each once and mounts its sub-apps on
 * their own paths (`app.route`), so the order here decides nothing.
 */
export const NOUN_SERVERS = {
  book: bookServer,
  banner: bannerServer,
  about: aboutServer,
  news: newsServer,
  resource: resourceServer,
  bibliography: bibliographyServer,
  category: categoryServer,
  subclass: subclassServer,
  video: videoServer,
  reader: readerServer,
  staff: staffServer,
  message: messageServer,
  application: applicationServer,
  reminder: reminderServer,
  loanPolicy: loanPolicyServer,
  image: imageServer,
  audit: auditServer,
} as const satisfies Record<Noun, MakeNounServer>;

/** Every noun's server part built once over the app's services, by noun. */
export function buildNouns(services: Services): Record<Noun, NounServer> {
  return Object.fromEntries(
    Object.entries<MakeNounServer>(NOUN_SERVERS).map(([noun, make]) => [noun, make(services)]),
  ) as Record<Noun, NounServer>;
}
