import type { DemoSeed } from '../../../server/db/seed/parts';
import { insertAll, isEmpty, recordMeta } from '../../../server/db/seed/parts';

export const NEWS_ITEMS: [title: string, summary: string, body: string][] = [
  [
    'Extended opening hours for exam season',
    'Open until 22:00 on weekdays through June.',
    'Reading rooms on all floors stay open until <strong>22:00</strong> on weekdays.',
  ],
  [
    'New arrivals: spring fiction',
    'Forty new novels are on the shelves.',
    'Find them on the <em>New arrivals</em> stand by the entrance.',
  ],
  [
    'Author talk: writing the city',
    'A conversation about place and memory.',
    'Seats are free; booking opens a week before the talk.',
  ],
  [
    'Children\u2019s story hour returns',
    'Every Saturday at 10:30 in the Children\u2019s room.',
    'Bring a cushion; picture books for ages 3 to 7.',
  ],
  [
    'Holiday closure notice',
    'The library closes for two days.',
    'Returns can still go through the book drop by the main door.',
  ],
  [
    'Digital lending now includes audiobooks',
    'Borrow audiobooks with your reader card.',
    'Sign in on the site and open <strong>Resources</strong>.',
  ],
  [
    'Volunteer shelvers wanted',
    'Two hours a week, training provided.',
    'Ask at the front desk or write to the volunteers team.',
  ],
  [
    'Local history archive digitised',
    'Photographs from 1900 to 1950 are online.',
    'More than <strong>3,000</strong> images, searchable by street.',
  ],
  ['Quiet study carrels can be booked', 'Book a carrel up to a week ahead.', 'Each booking lasts up to four hours.'],
  [
    'Book club: classics in translation',
    'Monthly meetings, first Thursday.',
    'This month: a Russian novel in a new translation.',
  ],
  [
    'Free coding workshop for beginners',
    'Four evenings, laptops provided.',
    'No experience needed; places are limited to twenty.',
  ],
  ['Summer reading challenge', 'Read eight books, earn a certificate.', 'Open to readers of every age.'],
  [
    'Printing service upgraded',
    'Colour printing and scanning to e-mail.',
    'Pay at the machine with a card or your phone.',
  ],
  [
    'Exhibition: maps of the river',
    'Old charts and surveys on display.',
    'On the second floor until the end of the month.',
  ],
  [
    'Renewals by phone are back',
    'Call the desk to renew up to three loans.',
    'Loans can be renewed twice unless someone is waiting.',
  ],
  ['Poetry evening', 'Readers bring a poem they love.', 'Tea and biscuits from 19:00.'],
  ['Science week at the library', 'Hands-on experiments for families.', 'Demonstrations every afternoon in the hall.'],
  [
    'Large-print collection expanded',
    'Over 200 new large-print titles.',
    'Shelved next to the audiobooks on the ground floor.',
  ],
  ['Reader survey results', 'Thank you to 1,200 readers who replied.', 'Longer weekend hours come first on the list.'],
  [
    'Accessibility improvements',
    'Step-free entrance and a new lift.',
    'The side entrance on Garden Street is now step-free.',
  ],
];

/** The news items over the last 90 days, every fourth a draft. */
export const newsSeed: DemoSeed = {
  // After the messages: the demo's random stream runs through them first.
  after: ['message'],
  async run({ trx, ago }) {
    if (!(await isEmpty(trx, 'news'))) return {};
    const rows = NEWS_ITEMS.map(([title, summary, body], i) => {
      const at = ago(90);
      const published = i % 4 !== 3;
      return {
        title,
        summary,
        content: `<h2>${title}</h2><p>${summary}</p><p>${body}</p><ul><li>Ask at the front desk</li><li>Or <a href="mailto:desk@library.example.org">write to us</a></li></ul>`,
        cover_url: null,
        status: published ? 'published' : 'draft',
        published_at: published ? at : null,
        ...recordMeta(at),
      };
    });
    return { news: await insertAll(trx, 'news', rows) };
  },
};
