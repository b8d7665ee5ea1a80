/** Text for the demo's content, readers' messages and site pages (seed-demo-content.ts). */

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

export const BANNERS: [title: string, link: string | null][] = [
  ['Summer reading challenge', 'https://library.example.org/summer'],
  ['New arrivals this month', null],
  ['Author talks', 'https://library.example.org/events'],
  ['Digital lending', 'https://library.example.org/digital'],
  ['Contact the front desk', 'mailto:desk@library.example.org'],
];

export const RESOURCES: [title: string, type: 'ebook' | 'audio' | 'video' | 'document' | 'link', url: string][] = [
  ['Beginner\u2019s guide to the catalogue', 'document', 'https://library.example.org/guides/catalogue.pdf'],
  ['Classic poems read aloud', 'audio', 'https://library.example.org/audio/poems'],
  ['How to use the study rooms', 'video', 'https://library.example.org/video/study-rooms'],
  ['Open textbooks collection', 'link', 'https://openstax.org/'],
  ['Project Gutenberg', 'link', 'https://www.gutenberg.org/'],
  ['Local history photographs', 'link', 'https://library.example.org/archive'],
  ['Introduction to databases', 'ebook', 'https://library.example.org/ebooks/databases'],
  ['Picture books for bedtime', 'ebook', 'https://library.example.org/ebooks/bedtime'],
  ['Research skills workshop', 'video', 'https://library.example.org/video/research'],
  ['Reading list: world history', 'document', 'https://library.example.org/lists/history.pdf'],
  ['Science podcast archive', 'audio', 'https://library.example.org/audio/science'],
  ['Citation styles cheat sheet', 'document', 'https://library.example.org/guides/citations.pdf'],
];

export const LINKS: [name: string, url: string][] = [
  ['Catalogue', 'https://library.example.org/catalogue'],
  ['Events', 'https://library.example.org/events'],
  ['Front desk', 'mailto:desk@library.example.org'],
  ['Phone', 'tel:+861012345678'],
];

export const COMPANY = {
  name: 'Lectern City Library',
  intro:
    'A public library serving the city since 1921: lending, reading rooms, children\u2019s services and a local history archive.',
  address: '12 Garden Street, Old Town',
  phone: '+86 10 1234 5678',
  email: 'desk@library.example.org',
};
