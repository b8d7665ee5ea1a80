import type { DemoSeed } from '../../../server/db/seed/parts';
import { insertAll, isEmpty, recordMeta } from '../../../server/db/seed/parts';
import { FIRST_NAMES, LAST_NAMES } from '../../../server/db/seed/vocabulary';

const MESSAGE_COUNT = 60;

export const MESSAGES: string[] = [
  'Could you buy more copies of the new detective series? The waiting list is long.',
  'Is the reading room open on public holidays?',
  'I lost my reader card. How do I get a new one?',
  'The wifi on the third floor keeps dropping.',
  'Thank you for the children\u2019s story hour, my daughter loves it.',
  'Can I renew a book that someone else has requested?',
  'Please add more seats near the windows.',
  'The audiobook app asks for a code I never received.',
  'Do you accept donations of old encyclopaedias?',
  'The printer on the ground floor is out of paper.',
  'Could the café stay open a little later?',
  'Is there a limit on how many e-books I can borrow?',
];

export const REPLIES: string[] = [
  'Thank you, we have passed this on to the team.',
  'Yes: opening hours are on the home page under About us.',
  'Please bring an ID to the front desk and we will issue a new card the same day.',
  'We have ordered more copies; they should arrive within two weeks.',
];

/** 60 readers' messages over the last 45 days: unread, read and replied. */
export const messageSeed: DemoSeed = {
  // After the applications: the demo's random stream runs through them first.
  after: ['application'],
  async run({ trx, rand, pick, ago }) {
    if (!(await isEmpty(trx, 'message'))) return {};
    const rows = Array.from({ length: MESSAGE_COUNT }, () => {
      const r = rand();
      const status = r < 0.35 ? 'replied' : r < 0.65 ? 'read' : 'unread';
      return {
        reader_name: `${pick(FIRST_NAMES)} ${pick(LAST_NAMES)}`,
        contact: rand() < 0.5 ? `${Math.floor(rand() * 9e7 + 1e7)}@mail.example.org` : null,
        content: pick(MESSAGES),
        reply: status === 'replied' ? pick(REPLIES) : null,
        status,
        ...recordMeta(ago(45)),
      };
    });
    return { messages: await insertAll(trx, 'message', rows) };
  },
};
