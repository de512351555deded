/** Word lists and sentence templates of the demo data. */

/** A list written as 'a | b | c' over several lines. */
function list(text: string): readonly string[] {
  return text
    .split(/\s*[|\n]\s*/)
    .map((item) => item.trim())
    .filter((item) => item.length > 0);
}

export const FIRST_NAMES = list(`
  Aarav | Abigail | Adrian | Aisha | Akira | Alejandro | Alice | Amara | Amelia | Ana | Andrea
  Anika | Arjun | Astrid | Ava | Beatriz | Benjamin | Camila | Carlos | Charlotte | Chen | Chloe
  Daniel | David | Diego | Elena | Elif | Emma | Ethan | Fatima | Felix | Finn | Freya | Gabriel
  Grace | Hana | Hannah | Hiroshi | Hugo | Ines | Isabella | Ivan | Jack | Jakub | James | Javier
  Ji-woo | Jonas | Julia | Kai | Kavya | Kenji | Khalid | Kofi | Laila | Lars | Laura | Leila
  Leo | Liam | Lina | Lucas | Lucia | Luis | Maya | Mateo | Matteo | Mei | Mia | Min-jun
  Mohammed | Nadia | Naomi | Nia | Nikolai | Noah | Nora | Olivia | Omar | Oscar | Pablo | Priya
  Rafael | Ravi | Rosa | Ryan | Sakura | Samuel | Santiago | Sara | Sebastian | Sofia | Sophie
  Tariq | Thomas | Tomas | Valentina | Wei | Yara | Zoe
`);

export const LAST_NAMES = list(`
  Adeyemi | Alvarez | Andersen | Bauer | Becker | Bianchi | Brown | Campbell | Chen | Costa
  Da Silva | Dubois | Dvořák | Eriksson | Fernandes | Fischer | Garcia | Gomez | Gonzalez | Gupta
  Haddad | Hansen | Hernandez | Hoffmann | Ibrahim | Ito | Jansen | Johnson | Kaur | Kim
  Kowalski | Kumar | Larsen | Laurent | Lee | Lopez | Martin | Martinez | Mensah | Moreau | Müller
  Murphy | Nakamura | Nguyen | Novak | O'Brien | Okafor | Oliveira | Park | Patel | Pereira
  Petrov | Popescu | Ramirez | Reyes | Ricci | Rodriguez | Rossi | Santos | Sato | Schmidt | Shah
  Silva | Singh | Smith | Sousa | Suzuki | Tanaka | Taylor | Thompson | Tran | Van Dijk | Vargas
  Walker | Wang | Weber | Williams | Wilson | Wong | Yamamoto
`);

export const EMAIL_DOMAINS = ['example.com', 'example.net', 'example.org', 'mail.example.com'] as const;

/** Status mix of most areas. */
export const STATUS_WEIGHTS = [
  ['ACTIVE', 80],
  ['INACTIVE', 12],
  ['DELETED', 8],
] as const;

export const APPLICATION_STATUS_WEIGHTS = [
  ['PENDING', 45],
  ['ACCEPTED', 30],
  ['REJECTED', 18],
  ['CANCELLED', 7],
] as const;

export const RATING_WEIGHTS = [
  [5, 40],
  [4, 31],
  [3, 14],
  [2, 8],
  [1, 7],
] as const;

// Cafes ----------------------------------------------------------------------------------------

export const CAFE_FIRST = list(`
  Blue | Little | Golden | Wild | Slow | Salty | Copper | Sunday | Nomad | Velvet | Paper | Olive
  Lazy | Urban | Ember | Cloud | Third | Honey | Maple | Drift
`);
export const CAFE_SECOND = list(`
  Bean | Cup | Fern | Kettle | Harbour | Anchor | Sparrow | Lantern | Owl | Fig | Wave | Moon
  Press | Pine | Tide | Crumb | Grind | Leaf | Brick | Cactus
`);
export const CAFE_SUFFIX = [
  'Coffee',
  'Café',
  'Roasters',
  'Espresso Bar',
  'Coffee House',
  'Bakery & Café',
  'Kitchen',
] as const;

export const CUISINES = list(`
  Coffee | Breakfast | Brunch | Bakery | Vegan | Vegetarian | Healthy | Sandwiches | Desserts
  Smoothies | Tea | Mediterranean | Asian Fusion | Local | Gluten free
`);

export const CAFE_DETAILS = [
  'Fast wifi (100 Mbps), plenty of sockets, laptop-friendly until 17:00.',
  'Quiet upstairs room for calls; specialty coffee roasted in-house.',
  'Outdoor terrace, dog friendly, oat and soy milk at no extra cost.',
  'Communal tables, power at every seat, card payments only.',
  'Small and cosy; best for reading or a quick meeting, not for long laptop sessions.',
  'Large garden, weekend brunch menu, kids welcome.',
] as const;

export const CAFE_DESCRIPTIONS = [
  'A bright neighbourhood café loved by locals and remote workers alike.',
  'Third-wave coffee bar with single-origin beans and a rotating filter menu.',
  'Family-run café serving homemade pastries and hearty breakfasts since 2012.',
  'A calm spot with big windows, good music and reliable internet.',
  'Plant-filled café with a seasonal brunch menu and fresh juices.',
  'Tiny espresso bar with standing tables and the best flat white in the district.',
] as const;

export const CAFE_TIMINGS = [
  '07:00 - 17:00',
  '08:00 - 18:00',
  '08:00 - 20:00',
  '09:00 - 22:00',
  '07:30 - 15:30',
  '10:00 - 23:00',
] as const;

// Shops ----------------------------------------------------------------------------------------

export const SHOP_FIRST = list(`
  Corner | Market | Island | Atlas | Harbour | Indigo | Local | Maker | Nomad | Sunset | Urban
  Mosaic | Terra | Bamboo | Linen | Saffron | Coral | Granite | Willow | Juniper
`);
export const SHOP_SUFFIX = list(`
  Store | Market | Goods | Supply Co. | Boutique | Mini Mart | Trading Post | Outfitters | Gallery
  Emporium
`);

export const MARKETS = list(`
  Groceries | Clothing | Electronics | Souvenirs | Handicrafts | Books | Outdoor gear | Surf gear
  Cosmetics | Home & living | Organic food | Stationery | Phone & SIM cards | Jewellery | Pharmacy
`);

export const SHOP_DESCRIPTIONS = [
  'Everything you need for a long stay, from adaptors to local SIM cards.',
  'Independent shop selling work by local artists and designers.',
  'A well-stocked neighbourhood store open late, seven days a week.',
  'Second-hand and vintage finds, curated every week.',
  'Outdoor and travel gear with friendly advice and rentals.',
  'Organic produce, bulk goods and refill station.',
] as const;

export const SHOP_DETAILS = [
  'Cards and cash accepted. Tax-free shopping for visitors.',
  'Free delivery within the district for orders over 30 USD.',
  'English spoken. Repairs and alterations on request.',
  'Loyalty card for members of the Roam community: 10% off.',
  'Parking at the back. Wheelchair accessible.',
] as const;

export const SHOP_TIMINGS = [
  '09:00 - 19:00',
  '10:00 - 20:00',
  '08:00 - 22:00',
  '10:00 - 18:00',
  '09:30 - 21:30',
  '00:00 - 23:59',
] as const;

// Rentals --------------------------------------------------------------------------------------

export const RENTAL_ADJECTIVES = list(`
  Sunny | Cosy | Modern | Bright | Quiet | Spacious | Charming | Stylish | Airy | Rustic
  Minimalist | Light-filled
`);
export const PROPERTY_TYPES = list(`
  Apartment | Studio | Loft | House | Villa | Guesthouse | Condo | Townhouse | Bungalow | Cabin
`);
export const PROPERTY_CATEGORIES = [
  'Long stay',
  'Coliving',
  'Serviced apartment',
  'Vacation home',
  'Boutique stay',
] as const;
export const BATHROOM_TYPES = ['Private', 'Ensuite', 'Shared'] as const;
export const BED_TYPES = ['King', 'Queen', 'Double', 'Single', 'Bunk bed'] as const;
export const COMMON_SPACE_BED_TYPES = ['Sofa bed', 'Air mattress', 'Floor mattress'] as const;

export const AMENITIES = list(`
  Wifi | Kitchen | Washer | Dryer | Air conditioning | Heating | Dedicated workspace | TV
  Hair dryer | Iron | Pool | Hot tub | Free parking | Gym | BBQ grill | Coffee maker | Balcony
  Dishwasher | Bed linen | Long-term stays allowed
`);
export const SAFETY_AMENITIES = [
  'Smoke alarm',
  'Carbon monoxide alarm',
  'Fire extinguisher',
  'First aid kit',
  'Lock on bedroom door',
  'Exterior security cameras',
  'Emergency exit plan',
] as const;
export const HOUSE_RULES = [
  'No smoking',
  'No parties or events',
  'Quiet hours 22:00 - 07:00',
  'No pets',
  'Self check-in with lockbox',
  'Remove shoes indoors',
  'Maximum occupancy must be respected',
  'Please recycle',
  'No visitors after 22:00',
] as const;
export const COMMON_SPACES = list(`
  Living room | Kitchen | Dining area | Garden | Rooftop terrace | Coworking corner | Laundry room
  Pool area
`);
export const GUEST_REQUIREMENTS = [
  'Verified government ID',
  'Profile photo',
  'Confirmed phone number',
  'Positive reviews from other hosts',
  'Agree to the house rules',
  'Share the purpose of the stay',
] as const;

export const RENTAL_DESCRIPTIONS = [
  'A calm home base with a proper desk, fast fibre internet and everything you need for a month or more.',
  'Walk to cafés, markets and the beach. The flat gets the morning sun and has a small balcony.',
  'Recently renovated with a fully equipped kitchen, blackout curtains and a comfortable bed.',
  'Live with other remote workers: shared kitchen and lounge, weekly community dinners.',
  'Top-floor place with city views, lift access and a washing machine.',
  'Traditional house with a garden, ideal for couples or small families staying long term.',
] as const;

export const RENTAL_TERMS = [
  'Full refund for cancellations made at least 14 days before check-in; 50% refund up to 7 days before.',
  'Deposit of one week held until check-out. Utilities included up to a fair-use limit.',
  'Monthly stays are paid in advance; electricity above 100 kWh per month is billed separately.',
  'Free cancellation within 48 hours of booking. Cleaning fee charged once per stay.',
] as const;

export const EXPECTATION_PERIODS = [
  '1 week',
  '2 weeks',
  '1 month',
  '1-3 months',
  '3-6 months',
  '6 months or more',
] as const;
export const BOOKING_BEFORE = ['1 day', '2 days', '3 days', '1 week', '2 weeks', '1 month'] as const;
export const NOTICE_PERIODS = ['Same day', '1 day', '2 days', '3 days', '7 days'] as const;
export const CHECKIN_TIMES = ['13:00', '14:00', '15:00', '15:30', '16:00', '17:00'] as const;
export const CHECKOUT_TIMES = ['10:00', '10:30', '11:00', '11:30', '12:00'] as const;
export const BANK_CODES = list(`
  HDFC | ICIC | SBIN | UTIB | KKBK | BARB | PUNB | YESB
`);
export const SWIFT_BANKS = list(`
  CITI | HSBC | DEUT | BNPA | INGB | SANT | BARC | UBSW | REVO | WISE
`);

// Jobs -----------------------------------------------------------------------------------------

export const COMPANY_FIRST = list(`
  Nomad | Blue | Harbour | Pixel | Summit | Coral | North | Bright | Open | Tandem | Orbit
  Lantern | Driftwood | Kite | Atlas | Fern | Juniper | Vertex | Bamboo | Sol
`);
export const COMPANY_SECOND = list(`
  Labs | Studio | Works | Collective | Hostels | Digital | Travel | Media | Tech | Coworking
  Kitchen | Surf School | Ventures | Analytics | Design | Academy
`);

export const POSITIONS = list(`
  Barista | Hostel Receptionist | Community Manager | Surf Instructor | Yoga Teacher | Tour Guide
  English Teacher | Content Writer | Social Media Manager | Frontend Developer | Backend Engineer
  UX Designer | Data Analyst | Customer Support Agent | Marketing Specialist | Chef | Photographer
  Videographer | Event Coordinator | Virtual Assistant | Product Manager | Sales Representative
`);

export const JOB_TYPES = [
  'Full-time',
  'Part-time',
  'Contract',
  'Freelance',
  'Internship',
  'Seasonal',
  'Volunteer',
] as const;

export const JOB_DESCRIPTIONS = [
  'Join a small, friendly team and help us welcome travellers from all over the world.',
  'You will own your work end to end, with flexible hours and a remote-first culture.',
  'We are growing fast and looking for someone curious, reliable and good with people.',
  'Work with our community team on events, partnerships and day-to-day member support.',
  'A hands-on role in a busy environment; training is provided during the first two weeks.',
] as const;

export const QUALIFICATIONS = [
  'At least 1 year of experience in a similar role. Fluent English; a second language is a plus.',
  "Bachelor's degree or equivalent experience. Strong written communication.",
  'Relevant certification required. First aid training preferred.',
  'Portfolio or examples of previous work. Comfortable with remote collaboration tools.',
  'No formal qualifications needed: a positive attitude and reliability matter most.',
] as const;

export const JOB_QUESTIONS = [
  'Why do you want to work with us?',
  'How many years of relevant experience do you have?',
  'When could you start?',
  'Do you have a valid work permit for this country?',
  'Which languages do you speak fluently?',
  'Tell us about a project you are proud of.',
  'What are your salary expectations?',
  'Are you comfortable working weekends?',
] as const;

export const SHORT_ANSWERS = list(`
  Yes | No | Immediately | In two weeks | 3 years | 5+ years | English and Spanish | Negotiable
  Next month | Yes, happy to
`);

export const LONG_ANSWERS = [
  'I have been travelling and working remotely for the past three years, and I would love to be part of a team that builds a community for people like me. I am organised, I enjoy meeting new people and I pick up new tools quickly.',
  'In my previous role I led a small team that reorganised how we handled guest requests. We cut response times in half and our reviews improved noticeably within two months.',
  'I speak English fluently, Portuguese at a conversational level and I am currently learning Japanese. I am comfortable switching languages during the same shift.',
  'I can start as soon as my current contract ends at the end of the month. I am flexible with hours and happy to cover weekends when needed.',
  'I built a booking tool for a local surf school as a side project. It handles about two hundred reservations a month and taught me a lot about listening to users.',
] as const;

// Explores -------------------------------------------------------------------------------------

export const EXPLORE_TITLES = [
  'Sunset walk through {district}',
  'Street food tour in {district}',
  'A coworking day in {district}',
  'Day trip from {city}',
  'Morning market in {district}',
  'Cooking class in {city}',
  'Museum hopping in {city}',
  'Yoga in the park, {district}',
  'Live music night in {district}',
  'Language exchange meetup in {city}',
  'Cycling tour of {city}',
  'Rooftop bars of {district}',
  'Hidden cafés of {district}',
  'Weekend hike near {city}',
  'Photography walk in {district}',
] as const;

export const EXPLORE_INTROS = [
  'One of the best ways to get to know {city} is on foot, slowly, with time to stop wherever something catches your eye.',
  'Locals in {district} swear by this one, and after a few weeks in {city} you will too.',
  'Whether you have just arrived or have been here for months, this is a great way to meet people in {city}.',
  'Plan half a day for this: it is relaxed, affordable and very {city}.',
] as const;

export const EXPLORE_TIPS = [
  'Bring cash: smaller vendors rarely take cards.',
  'Go early on weekdays to avoid the crowds.',
  'Book a day ahead in high season.',
  'Wear comfortable shoes; some streets are steep and cobbled.',
  'Ask for the daily special, it is usually the best value.',
] as const;

export const EXPLORE_BRING = list(`
  Water bottle | Sunscreen | A light jacket | Comfortable shoes | Your camera | Some local cash
  A reusable bag | An appetite
`);

export const BEST_TIMES = [
  'early morning',
  'late afternoon',
  'weekday evenings',
  'Sunday mornings',
  'just before sunset',
] as const;

// Groups ---------------------------------------------------------------------------------------

export const GROUP_TEMPLATES = list(`
  {city} Digital Nomads | {city} Coworking Crew | Surf & Work {city} | {city} Hiking Buddies
  Founders in {city} | {city} Language Exchange | Foodies of {district} | {district} Runners
  Board Games {city} | {city} Photography Club | Women Who Travel {city} | {city} Book Club
`);

export const GROUP_DESCRIPTIONS = [
  'A friendly group for people living and working in {city}. Weekly meetups, tips and good company.',
  'We meet every Saturday morning in {district}. All levels welcome, no sign-up needed.',
  'Share recommendations, find flatmates and plan weekend trips around {city}.',
  'Monthly events, a busy chat and a lot of helpful people who have been where you are.',
] as const;

// Reviews --------------------------------------------------------------------------------------

export const REVIEWS: Record<
  'rental' | 'cafe' | 'shop' | 'job',
  { good: string[]; mixed: string[]; bad: string[] }
> = {
  rental: {
    good: [
      'Exactly as described. Great desk setup and the wifi never dropped once in four weeks.',
      'Lovely host, spotless flat and a perfect location. Would stay again.',
      'Quiet, bright and comfortable. Check-in was easy and the neighbourhood is fantastic.',
      'Felt like home from day one. The kitchen has everything you need.',
    ],
    mixed: [
      'Good location but the bedroom gets noisy at night. The host responded quickly though.',
      'Nice place overall; the photos are a bit generous and the water pressure is weak.',
    ],
    bad: [
      'The flat was not clean on arrival and the wifi was too slow for video calls.',
      'Not as advertised. No hot water for two days and the host was hard to reach.',
    ],
  },
  cafe: {
    good: [
      'Best flat white in town and plenty of sockets. My go-to office.',
      'Friendly staff, great pastries and a relaxed vibe. Highly recommended.',
      'Fast wifi, good music and they never rush you. Perfect for working.',
      'Amazing brunch and the coffee is excellent. Gets busy on weekends.',
    ],
    mixed: [
      'Coffee is good but it is hard to find a seat after 10:00.',
      'Nice atmosphere, a bit pricey for what you get.',
    ],
    bad: [
      'Slow service and the wifi kept dropping.',
      'Coffee was lukewarm and the staff seemed uninterested.',
    ],
  },
  shop: {
    good: [
      'Found everything I needed for my stay, and the staff speak English.',
      'Beautiful selection of local crafts at fair prices.',
      'Helpful owner who sorted my SIM card in five minutes.',
    ],
    mixed: [
      'Good selection but prices are higher than the market nearby.',
      'Decent shop, opening hours are not always respected.',
    ],
    bad: [
      'Overpriced and the staff were rude.',
      'The item I bought broke after a day and they refused to exchange it.',
    ],
  },
  job: {
    good: [
      'Great team and flexible hours. I learned a lot in three months.',
      'Fair pay, supportive manager and a lovely workplace.',
      'Perfect job while travelling: the schedule left plenty of time to explore.',
    ],
    mixed: [
      'Nice people, but the hours were longer than advertised.',
      'Good experience overall, though onboarding was a bit chaotic.',
    ],
    bad: [
      'Salary was paid late twice. Would not recommend.',
      'The role was very different from the job description.',
    ],
  },
};

// Reports and contact requests ------------------------------------------------------------------

export const ISSUE_TYPES = [
  'Spam',
  'Harassment',
  'Fake profile',
  'Inappropriate content',
  'Scam',
  'Other',
] as const;

export const ISSUE_TEXTS: Record<(typeof ISSUE_TYPES)[number], { subject: string; description: string }[]> = {
  Spam: [
    {
      subject: 'Repeated promotional messages',
      description: 'This user keeps sending me links to a paid course in every group chat.',
    },
    {
      subject: 'Spam in group chat',
      description: 'Posting the same advertisement several times a day in the community group.',
    },
  ],
  Harassment: [
    {
      subject: 'Unwanted messages',
      description: 'I asked this person to stop messaging me but they continue every day.',
    },
    {
      subject: 'Abusive comments',
      description: 'Left insulting comments under my posts after I declined a meetup.',
    },
  ],
  'Fake profile': [
    {
      subject: 'Profile uses stolen photos',
      description: 'The pictures on this profile belong to a friend of mine. This is not them.',
    },
    {
      subject: 'Impersonating a host',
      description: 'Pretends to be the owner of a rental and asks for deposits outside the app.',
    },
  ],
  'Inappropriate content': [
    {
      subject: 'Offensive profile picture',
      description: 'The profile picture is not appropriate for a community app.',
    },
    { subject: 'Inappropriate group post', description: 'Shared explicit content in a public group.' },
  ],
  Scam: [
    {
      subject: 'Asked for payment by bank transfer',
      description: 'Offered a rental at half price if I pay the deposit directly by transfer.',
    },
    {
      subject: 'Fake job offer',
      description: 'Job listing asks applicants to pay a registration fee before the interview.',
    },
  ],
  Other: [
    {
      subject: 'No-show at meetup',
      description: 'Organised an event, collected money for the tickets and never showed up.',
    },
    { subject: 'Suspicious behaviour', description: 'Keeps asking members for their passport details.' },
  ],
};

export const CONTACT_TEXTS = [
  {
    subject: 'Cannot verify my phone number',
    description: 'The verification code never arrives. I have tried three times today.',
  },
  {
    subject: 'Refund for a cancelled booking',
    description: 'The host cancelled my stay two days before arrival. How do I get my money back?',
  },
  {
    subject: 'How do I list my café?',
    description: 'I run a small café and would like to add it to Roam. What information do you need?',
  },
  {
    subject: 'Account locked',
    description: 'I entered the wrong password a few times and now I cannot sign in.',
  },
  {
    subject: 'Feature request: dark mode',
    description: 'Would love a dark theme for the app, especially when working at night.',
  },
  {
    subject: 'Wrong city on my profile',
    description: 'My home city shows the wrong country and I cannot change it.',
  },
  {
    subject: 'Partnership enquiry',
    description: 'We run a coworking space and would like to offer a discount to Roam members.',
  },
  {
    subject: 'Delete my data',
    description: 'Please delete my account and all personal data associated with it.',
  },
  { subject: 'Payment failed', description: 'My card was charged but the booking still shows as pending.' },
  {
    subject: 'Group was removed',
    description: 'Our hiking group disappeared from the app. Was it removed by mistake?',
  },
] as const;

// Promos ---------------------------------------------------------------------------------------

export const PROMO_TEMPLATES: Record<
  'cafe' | 'shop' | 'explore' | 'job' | 'rental',
  { name: string; description: string }[]
> = {
  cafe: [
    {
      name: 'Coffee on us in {city}',
      description: 'Your first flat white is free at selected partner cafés this month.',
    },
    { name: '{city} brunch week', description: 'Two-for-one brunch every weekend at our favourite spots.' },
  ],
  shop: [
    { name: 'Local makers market', description: '15% off handmade goods in {city} for Roam members.' },
    { name: 'Travel essentials sale', description: 'Adaptors, SIM cards and daypacks at member prices.' },
  ],
  explore: [
    { name: 'Discover {city}', description: 'Our team picked the ten experiences you should not miss.' },
    { name: 'Weekend escapes from {city}', description: 'Day trips and hikes within two hours of the city.' },
  ],
  job: [
    { name: 'Hiring now in {city}', description: 'Seasonal and remote roles with verified employers.' },
    { name: 'Work & travel programme', description: 'Find a part-time role and stay longer in {city}.' },
  ],
  rental: [
    {
      name: 'Long-stay deals in {city}',
      description: 'Up to 30% off monthly stays with workspace included.',
    },
    {
      name: 'Coliving spring special',
      description: 'First week free on coliving stays of two months or more.',
    },
  ],
};
