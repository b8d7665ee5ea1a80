/**
 * Words the demo draws on in several nouns: the catalogue (real classics per subclass, plus title
 * patterns that fill each shelf) and names of people and publishers.
 */
export interface DemoCategory {
  name: string;
  description: string;
  subclasses: Record<string, { classics: [title: string, author: string, year: number][]; patterns: string[] }>;
}

export const PUBLISHERS = [
  'Penguin Classics',
  'Vintage Books',
  'Oxford University Press',
  'Harper Perennial',
  'Cambridge University Press',
  'Faber & Faber',
  'MIT Press',
  'Random House',
  'Bloomsbury',
  'Princeton University Press',
];

export const FIRST_NAMES = [
  'Anna',
  'David',
  'Mei',
  'Jonas',
  'Priya',
  'Lucas',
  'Sofia',
  'Kenji',
  'Amara',
  'Tomás',
  'Elena',
  'Wei',
  'Noah',
  'Leila',
  'Marek',
  'Hannah',
];
export const LAST_NAMES = [
  'Whitfield',
  'Okafor',
  'Lindqvist',
  'Zhang',
  'Moreau',
  'Castillo',
  'Novak',
  'Tanaka',
  'Haddad',
  'Brennan',
  'Iyer',
  'Kowalski',
  'Fischer',
  'Alvarez',
  'Sato',
  'Hughes',
];

export const TOPICS: Record<string, string[]> = {
  Classics: ['the Old Manor', 'a Northern Town', 'the River Road', 'Winter Letters', 'the Harbour'],
  'Science Fiction': ['the Outer Colonies', 'a Silent Star', 'the Last Relay', 'Orbit Nine', 'the Glass Moon'],
  Mystery: ['the Locked Library', 'Platform Four', 'the Missing Ledger', 'Blackwater Lane', 'the Third Key'],
  Fantasy: ['the Ember Crown', 'the Hollow Hills', 'the Salt Queen', 'the Iron Wood', 'the Sleeping Tower'],
  Physics: ['Quantum Fields', 'Thermodynamics', 'Particle Physics', 'Relativity', 'Condensed Matter'],
  Biology: ['Genetics', 'Evolution', 'the Cell', 'Ecology', 'Neuroscience'],
  Astronomy: ['Exoplanets', 'Galaxies', 'the Solar System', 'Dark Matter', 'Stellar Evolution'],
  Chemistry: ['Organic Chemistry', 'Catalysis', 'Polymers', 'Electrochemistry', 'the Periodic Table'],
  Ancient: ['Rome', 'Ancient Egypt', 'the Han Dynasty', 'Classical Greece', 'Mesopotamia'],
  Modern: ['the Industrial Age', 'the Cold War', 'Decolonisation', 'the Twentieth Century', 'Global Trade'],
  Military: ['Naval Warfare', 'the Western Front', 'Siege Craft', 'Air Power', 'Logistics'],
  Programming: ['TypeScript', 'Rust', 'Functional Programming', 'Software Design', 'Testing'],
  Databases: ['SQL', 'Query Optimisation', 'Distributed Data', 'Indexing', 'Transactions'],
  Networks: ['TCP/IP', 'Network Security', 'Routing', 'Web Protocols', 'Cloud Networking'],
  'Picture Books': ['the Little Fox', 'a Rainy Day', 'the Busy Bakery', 'the Moon Bear', 'the Red Kite'],
  'Young Readers': ['the Treehouse Club', 'Summer Camp', 'the Robot Friend', 'the Secret Garden Gate', 'Dragon School'],
  Painting: ['Watercolour', 'Oil Painting', 'the Impressionists', 'Colour Theory', 'Portraiture'],
  Architecture: ['Modernism', 'Sustainable Building', 'Urban Design', 'Gothic Cathedrals', 'Small Houses'],
  Photography: ['Street Photography', 'Light', 'Black and White', 'Landscape', 'the Portrait'],
  Ethics: ['Justice', 'Virtue', 'Moral Luck', 'Care', 'Responsibility'],
  Logic: ['Proof', 'Paradox', 'Modal Logic', 'Set Theory', 'Argument'],
  Economics: ['Inflation', 'Behavioural Economics', 'Development', 'Markets', 'Public Finance'],
  Management: ['Leadership', 'Strategy', 'Teams', 'Negotiation', 'Operations'],
};

const P = {
  novel: ['Tales of {t}', 'The House at {t}', 'A Season in {t}', 'Return to {t}', 'Letters from {t}'],
  study: [
    'An Introduction to {t}',
    'Understanding {t}',
    '{t}: A Very Short Introduction',
    'The Story of {t}',
    'Essays on {t}',
  ],
  guide: ['Practical {t}', 'Learning {t}', '{t} in Practice', 'The Art of {t}', 'Foundations of {t}'],
  kids: ['The Adventures of {t}', 'Goodnight, {t}', 'A Day with {t}', 'Meet {t}', 'Stories of {t}'],
};

export const DEMO_CATALOGUE: DemoCategory[] = [
  {
    name: 'Fiction',
    description: 'Novels and short stories',
    subclasses: {
      Classics: {
        classics: [
          ['Pride and Prejudice', 'Jane Austen', 1813],
          ['Middlemarch', 'George Eliot', 1871],
          ['Moby-Dick', 'Herman Melville', 1851],
          ['Great Expectations', 'Charles Dickens', 1861],
          ['Anna Karenina', 'Leo Tolstoy', 1878],
          ['Jane Eyre', 'Charlotte Brontë', 1847],
          ['Madame Bovary', 'Gustave Flaubert', 1857],
        ],
        patterns: P.novel,
      },
      'Science Fiction': {
        classics: [
          ['Frankenstein', 'Mary Shelley', 1818],
          ['The Time Machine', 'H. G. Wells', 1895],
          ['The War of the Worlds', 'H. G. Wells', 1898],
          ['Twenty Thousand Leagues Under the Seas', 'Jules Verne', 1870],
        ],
        patterns: ['Beyond {t}', 'Signals from {t}', 'The Fall of {t}', 'Children of {t}', 'Echoes of {t}'],
      },
      Mystery: {
        classics: [
          ['The Hound of the Baskervilles', 'Arthur Conan Doyle', 1902],
          ['The Moonstone', 'Wilkie Collins', 1868],
          ['The Mysterious Affair at Styles', 'Agatha Christie', 1920],
        ],
        patterns: ['Murder at {t}', 'The Case of {t}', 'Death by {t}', 'The Secret of {t}', 'Shadows over {t}'],
      },
      Fantasy: {
        classics: [
          ["Alice's Adventures in Wonderland", 'Lewis Carroll', 1865],
          ['The Wonderful Wizard of Oz', 'L. Frank Baum', 1900],
          ['Phantastes', 'George MacDonald', 1858],
        ],
        patterns: ['The Quest for {t}', 'Heir of {t}', 'The Song of {t}', 'Beneath {t}', 'Keeper of {t}'],
      },
    },
  },
  {
    name: 'Science',
    description: 'Natural sciences for curious readers',
    subclasses: {
      Physics: {
        classics: [
          ['Relativity: The Special and the General Theory', 'Albert Einstein', 1916],
          ['Opticks', 'Isaac Newton', 1704],
        ],
        patterns: P.study,
      },
      Biology: { classics: [['On the Origin of Species', 'Charles Darwin', 1859]], patterns: P.study },
      Astronomy: { classics: [['The Starry Messenger', 'Galileo Galilei', 1610]], patterns: P.study },
      Chemistry: { classics: [['The Chemical History of a Candle', 'Michael Faraday', 1861]], patterns: P.study },
    },
  },
  {
    name: 'History',
    description: 'From the ancient world to the present',
    subclasses: {
      Ancient: {
        classics: [
          ['The Histories', 'Herodotus', -430],
          ['The Decline and Fall of the Roman Empire', 'Edward Gibbon', 1776],
        ],
        patterns: P.study,
      },
      Modern: { classics: [['The Souls of Black Folk', 'W. E. B. Du Bois', 1903]], patterns: P.study },
      Military: {
        classics: [
          ['The Art of War', 'Sun Tzu', -500],
          ['On War', 'Carl von Clausewitz', 1832],
        ],
        patterns: P.study,
      },
    },
  },
  {
    name: 'Computing',
    description: 'Programming, data and networks',
    subclasses: {
      Programming: { classics: [], patterns: P.guide },
      Databases: { classics: [], patterns: P.guide },
      Networks: { classics: [], patterns: P.guide },
    },
  },
  {
    name: 'Children',
    description: 'Picture books and early readers',
    subclasses: {
      'Picture Books': { classics: [['The Tale of Peter Rabbit', 'Beatrix Potter', 1902]], patterns: P.kids },
      'Young Readers': {
        classics: [
          ['The Secret Garden', 'Frances Hodgson Burnett', 1911],
          ['Peter Pan', 'J. M. Barrie', 1911],
          ['The Wind in the Willows', 'Kenneth Grahame', 1908],
        ],
        patterns: P.kids,
      },
    },
  },
  {
    name: 'Art & Design',
    description: 'Painting, architecture and photography',
    subclasses: {
      Painting: { classics: [['The Notebooks of Leonardo da Vinci', 'Leonardo da Vinci', 1883]], patterns: P.guide },
      Architecture: { classics: [['The Ten Books on Architecture', 'Vitruvius', -15]], patterns: P.guide },
      Photography: { classics: [], patterns: P.guide },
    },
  },
  {
    name: 'Philosophy',
    description: 'Ethics, logic and the great questions',
    subclasses: {
      Ethics: {
        classics: [
          ['Meditations', 'Marcus Aurelius', 180],
          ['Nicomachean Ethics', 'Aristotle', -340],
          ['Utilitarianism', 'John Stuart Mill', 1863],
        ],
        patterns: P.study,
      },
      Logic: { classics: [['The Laws of Thought', 'George Boole', 1854]], patterns: P.study },
    },
  },
  {
    name: 'Business',
    description: 'Economics and management',
    subclasses: {
      Economics: {
        classics: [
          ['The Wealth of Nations', 'Adam Smith', 1776],
          ['The Theory of the Leisure Class', 'Thorstein Veblen', 1899],
        ],
        patterns: P.study,
      },
      Management: { classics: [['Scientific Management', 'Frederick Winslow Taylor', 1911]], patterns: P.guide },
    },
  },
];
