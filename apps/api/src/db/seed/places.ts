import countries from 'i18n-iso-countries';
import english from 'i18n-iso-countries/langs/en.json' with { type: 'json' };

/**
 * Places of the demo data: countries (named by i18n-iso-countries in English, so the analytics map
 * finds them) and about forty cities that remote workers and travellers live in.
 */
countries.registerLocale(english);

/** The English name of an ISO 3166-1 alpha-2 code; an unknown code is a mistake in this file. */
function countryName(iso: string): string {
  const name = countries.getName(iso, 'en');
  if (!name) throw new Error(`Unknown country code ${iso}`);
  return name;
}

export type Country = {
  iso: string;
  name: string;
  currency: string;
  /** Units of the currency per US dollar, roughly. */
  perUsd: number;
  dialCode: string;
  /** '#' a digit, '@' a letter. */
  postcode: string;
  /** Share of the user base living there (relative weight). */
  weight: number;
};

const COUNTRY_FACTS: readonly Omit<Country, 'name'>[] = [
  {
    iso: 'US',
    currency: 'USD',
    perUsd: 1,
    dialCode: '1',
    postcode: '#####',
    weight: 16,
  },
  {
    iso: 'GB',
    currency: 'GBP',
    perUsd: 0.79,
    dialCode: '44',
    postcode: '@@# #@@',
    weight: 8,
  },
  { iso: 'DE', currency: 'EUR', perUsd: 0.92, dialCode: '49', postcode: '#####', weight: 7 },
  { iso: 'IN', currency: 'INR', perUsd: 83, dialCode: '91', postcode: '######', weight: 8 },
  { iso: 'FR', currency: 'EUR', perUsd: 0.92, dialCode: '33', postcode: '#####', weight: 5 },
  { iso: 'ES', currency: 'EUR', perUsd: 0.92, dialCode: '34', postcode: '#####', weight: 4 },
  {
    iso: 'PT',
    currency: 'EUR',
    perUsd: 0.92,
    dialCode: '351',
    postcode: '####-###',
    weight: 3,
  },
  {
    iso: 'NL',
    currency: 'EUR',
    perUsd: 0.92,
    dialCode: '31',
    postcode: '#### @@',
    weight: 3,
  },
  {
    iso: 'IE',
    currency: 'EUR',
    perUsd: 0.92,
    dialCode: '353',
    postcode: 'D0# @###',
    weight: 1.5,
  },
  { iso: 'IT', currency: 'EUR', perUsd: 0.92, dialCode: '39', postcode: '#####', weight: 3 },
  {
    iso: 'GR',
    currency: 'EUR',
    perUsd: 0.92,
    dialCode: '30',
    postcode: '### ##',
    weight: 1.2,
  },
  {
    iso: 'HR',
    currency: 'EUR',
    perUsd: 0.92,
    dialCode: '385',
    postcode: '#####',
    weight: 0.8,
  },
  {
    iso: 'CZ',
    currency: 'CZK',
    perUsd: 23,
    dialCode: '420',
    postcode: '### ##',
    weight: 1,
  },
  {
    iso: 'GE',
    currency: 'GEL',
    perUsd: 2.7,
    dialCode: '995',
    postcode: '####',
    weight: 0.6,
  },
  {
    iso: 'AE',
    currency: 'AED',
    perUsd: 3.67,
    dialCode: '971',
    postcode: '#####',
    weight: 1.5,
  },
  {
    iso: 'MA',
    currency: 'MAD',
    perUsd: 10,
    dialCode: '212',
    postcode: '#####',
    weight: 0.8,
  },
  {
    iso: 'ZA',
    currency: 'ZAR',
    perUsd: 18.5,
    dialCode: '27',
    postcode: '####',
    weight: 1.5,
  },
  { iso: 'KE', currency: 'KES', perUsd: 130, dialCode: '254', postcode: '#####', weight: 0.8 },
  {
    iso: 'ID',
    currency: 'IDR',
    perUsd: 15800,
    dialCode: '62',
    postcode: '#####',
    weight: 3,
  },
  {
    iso: 'TH',
    currency: 'THB',
    perUsd: 36,
    dialCode: '66',
    postcode: '#####',
    weight: 2.5,
  },
  {
    iso: 'VN',
    currency: 'VND',
    perUsd: 25000,
    dialCode: '84',
    postcode: '######',
    weight: 1.5,
  },
  {
    iso: 'JP',
    currency: 'JPY',
    perUsd: 150,
    dialCode: '81',
    postcode: '###-####',
    weight: 2.5,
  },
  {
    iso: 'KR',
    currency: 'KRW',
    perUsd: 1350,
    dialCode: '82',
    postcode: '#####',
    weight: 1.5,
  },
  {
    iso: 'SG',
    currency: 'SGD',
    perUsd: 1.35,
    dialCode: '65',
    postcode: '######',
    weight: 1,
  },
  { iso: 'MY', currency: 'MYR', perUsd: 4.7, dialCode: '60', postcode: '#####', weight: 1 },
  {
    iso: 'AU',
    currency: 'AUD',
    perUsd: 1.52,
    dialCode: '61',
    postcode: '####',
    weight: 4,
  },
  {
    iso: 'NZ',
    currency: 'NZD',
    perUsd: 1.65,
    dialCode: '64',
    postcode: '####',
    weight: 1,
  },
  { iso: 'CA', currency: 'CAD', perUsd: 1.36, dialCode: '1', postcode: '@#@ #@#', weight: 4 },
  { iso: 'MX', currency: 'MXN', perUsd: 17, dialCode: '52', postcode: '#####', weight: 2.5 },
  {
    iso: 'CO',
    currency: 'COP',
    perUsd: 4000,
    dialCode: '57',
    postcode: '######',
    weight: 1.5,
  },
  {
    iso: 'AR',
    currency: 'ARS',
    perUsd: 900,
    dialCode: '54',
    postcode: '@####@@@',
    weight: 1.5,
  },
  { iso: 'PE', currency: 'PEN', perUsd: 3.75, dialCode: '51', postcode: '#####', weight: 0.8 },
  { iso: 'BR', currency: 'BRL', perUsd: 5, dialCode: '55', postcode: '#####-###', weight: 4 },
  { iso: 'NP', currency: 'NPR', perUsd: 133, dialCode: '977', postcode: '#####', weight: 0.5 },
];

export const COUNTRIES: readonly Country[] = COUNTRY_FACTS.map((facts) => ({
  ...facts,
  name: countryName(facts.iso),
}));

export type CityInfo = {
  name: string;
  iso: string;
  state: string;
  /** Living costs relative to a mid-priced city (1). */
  costFactor: number;
  districts: readonly [string, string, string];
  streets: readonly [string, string];
};

const city = (
  name: string,
  iso: string,
  state: string,
  costFactor: number,
  districts: string,
  streets: string,
): CityInfo => ({
  name,
  iso,
  state,
  costFactor,
  districts: districts.split('|') as unknown as [string, string, string],
  streets: streets.split('|') as unknown as [string, string],
});

export const CITIES: readonly CityInfo[] = [
  city(
    'Lisbon',
    'PT',
    'Lisbon District',
    0.9,
    'Alfama|Baixa|Príncipe Real',
    'Rua Augusta|Avenida da Liberdade',
  ),
  city(
    'Porto',
    'PT',
    'Porto District',
    0.8,
    'Ribeira|Cedofeita|Bonfim',
    'Rua de Santa Catarina|Avenida dos Aliados',
  ),
  city('Barcelona', 'ES', 'Catalonia', 1, 'Gràcia|El Born|Poblenou', 'Carrer de Verdi|Passeig de Gràcia'),
  city(
    'Valencia',
    'ES',
    'Valencian Community',
    0.8,
    'Ruzafa|El Carmen|Benimaclet',
    'Carrer de Sueca|Avinguda del Port',
  ),
  city('Berlin', 'DE', 'Berlin', 1.1, 'Kreuzberg|Neukölln|Prenzlauer Berg', 'Oranienstraße|Kastanienallee'),
  city('Paris', 'FR', 'Île-de-France', 1.3, 'Le Marais|Montmartre|Belleville', 'Rue de Rivoli|Rue Oberkampf'),
  city('Amsterdam', 'NL', 'North Holland', 1.3, 'Jordaan|De Pijp|Oost', 'Prinsengracht|Ferdinand Bolstraat'),
  city('London', 'GB', 'England', 1.5, 'Shoreditch|Camden|Brixton', 'Brick Lane|Camden High Street'),
  city('Dublin', 'IE', 'Leinster', 1.3, 'Temple Bar|Portobello|Smithfield', 'Camden Street|Capel Street'),
  city('Rome', 'IT', 'Lazio', 1, 'Trastevere|Monti|Testaccio', 'Via del Corso|Via Cavour'),
  city('Athens', 'GR', 'Attica', 0.75, 'Plaka|Koukaki|Exarchia', 'Ermou Street|Athinas Street'),
  city('Split', 'HR', 'Split-Dalmatia', 0.8, 'Veli Varoš|Bačvice|Meje', 'Marmontova ulica|Put Firula'),
  city('Prague', 'CZ', 'Prague', 0.8, 'Vinohrady|Žižkov|Karlín', 'Vinohradská|Křižíkova'),
  city('Tbilisi', 'GE', 'Tbilisi', 0.5, 'Vake|Sololaki|Vera', 'Rustaveli Avenue|Chavchavadze Avenue'),
  city('Dubai', 'AE', 'Dubai', 1.4, 'Jumeirah|Dubai Marina|Al Quoz', 'Sheikh Zayed Road|Al Wasl Road'),
  city(
    'Marrakesh',
    'MA',
    'Marrakesh-Safi',
    0.5,
    'Medina|Gueliz|Hivernage',
    'Avenue Mohammed V|Rue de la Liberté',
  ),
  city('Cape Town', 'ZA', 'Western Cape', 0.7, 'Sea Point|Woodstock|Gardens', 'Long Street|Bree Street'),
  city('Nairobi', 'KE', 'Nairobi County', 0.6, 'Westlands|Kilimani|Karen', 'Ngong Road|Waiyaki Way'),
  city('Bengaluru', 'IN', 'Karnataka', 0.4, 'Indiranagar|Koramangala|HSR Layout', '100 Feet Road|MG Road'),
  city('Mumbai', 'IN', 'Maharashtra', 0.5, 'Bandra|Colaba|Andheri', 'Hill Road|Linking Road'),
  city('Ubud', 'ID', 'Bali', 0.45, 'Penestanan|Nyuh Kuning|Sayan', 'Jalan Raya Ubud|Jalan Monkey Forest'),
  city(
    'Canggu',
    'ID',
    'Bali',
    0.55,
    'Berawa|Batu Bolong|Pererenan',
    'Jalan Pantai Batu Bolong|Jalan Raya Semat',
  ),
  city(
    'Chiang Mai',
    'TH',
    'Chiang Mai',
    0.4,
    'Nimman|Old City|Santitham',
    'Nimmanhaemin Road|Huay Kaew Road',
  ),
  city('Bangkok', 'TH', 'Bangkok', 0.6, 'Sukhumvit|Ari|Silom', 'Sukhumvit Road|Silom Road'),
  city('Da Nang', 'VN', 'Da Nang', 0.4, 'An Thượng|Sơn Trà|Hải Châu', 'Võ Nguyên Giáp|Bạch Đằng'),
  city(
    'Ho Chi Minh City',
    'VN',
    'Ho Chi Minh City',
    0.45,
    'District 1|Thảo Điền|District 3',
    'Nguyễn Huệ|Lê Lợi',
  ),
  city('Tokyo', 'JP', 'Tokyo', 1.2, 'Shibuya|Shimokitazawa|Nakameguro', 'Omotesando|Meiji-dori'),
  city('Kyoto', 'JP', 'Kyoto', 1, 'Gion|Arashiyama|Higashiyama', 'Shijo-dori|Karasuma-dori'),
  city('Seoul', 'KR', 'Seoul', 1.1, 'Hongdae|Itaewon|Seongsu', 'Gangnam-daero|Itaewon-ro'),
  city(
    'Singapore',
    'SG',
    'Central Region',
    1.5,
    'Tiong Bahru|Tanjong Pagar|Kampong Glam',
    'Orchard Road|Duxton Road',
  ),
  city(
    'Kuala Lumpur',
    'MY',
    'Federal Territory of Kuala Lumpur',
    0.55,
    'Bukit Bintang|Bangsar|Mont Kiara',
    'Jalan Alor|Jalan Telawi',
  ),
  city('Sydney', 'AU', 'New South Wales', 1.4, 'Surry Hills|Bondi|Newtown', 'George Street|King Street'),
  city('Melbourne', 'AU', 'Victoria', 1.3, 'Fitzroy|St Kilda|Carlton', 'Brunswick Street|Lygon Street'),
  city('Auckland', 'NZ', 'Auckland', 1.2, 'Ponsonby|Grey Lynn|Parnell', 'Queen Street|Ponsonby Road'),
  city('New York', 'US', 'New York', 1.7, 'Brooklyn|Lower East Side|Harlem', 'Bedford Avenue|Broadway'),
  city('Austin', 'US', 'Texas', 1.2, 'South Congress|East Austin|Zilker', 'Congress Avenue|East 6th Street'),
  city(
    'San Francisco',
    'US',
    'California',
    1.7,
    'Mission District|Hayes Valley|North Beach',
    'Valencia Street|Market Street',
  ),
  city(
    'Toronto',
    'CA',
    'Ontario',
    1.2,
    'Kensington Market|Leslieville|The Annex',
    'Queen Street West|Spadina Avenue',
  ),
  city(
    'Mexico City',
    'MX',
    'Ciudad de México',
    0.6,
    'Roma Norte|Condesa|Coyoacán',
    'Avenida Álvaro Obregón|Avenida Ámsterdam',
  ),
  city(
    'Playa del Carmen',
    'MX',
    'Quintana Roo',
    0.7,
    'Centro|Playacar|Coco Beach',
    'Quinta Avenida|Calle 38',
  ),
  city('Medellín', 'CO', 'Antioquia', 0.45, 'El Poblado|Laureles|Envigado', 'Carrera 70|Calle 10'),
  city(
    'Buenos Aires',
    'AR',
    'Buenos Aires',
    0.5,
    'Palermo|San Telmo|Recoleta',
    'Avenida Santa Fe|Calle Defensa',
  ),
  city('Lima', 'PE', 'Lima', 0.55, 'Miraflores|Barranco|San Isidro', 'Avenida Larco|Avenida Grau'),
  city(
    'Rio de Janeiro',
    'BR',
    'Rio de Janeiro',
    0.6,
    'Copacabana|Ipanema|Santa Teresa',
    'Avenida Atlântica|Rua Visconde de Pirajá',
  ),
  city(
    'Florianópolis',
    'BR',
    'Santa Catarina',
    0.55,
    'Lagoa da Conceição|Campeche|Centro',
    'Avenida das Rendeiras|Rua Felipe Schmidt',
  ),
  city('Kathmandu', 'NP', 'Bagmati', 0.35, 'Thamel|Patan|Boudha', 'Durbar Marg|Jhamsikhel Road'),
];

const byIso = new Map(COUNTRIES.map((country) => [country.iso, country]));

export function countryOf(iso: string): Country {
  const country = byIso.get(iso);
  if (!country) throw new Error(`Unknown country ${iso}`);
  return country;
}

/** 'Ho Chi Minh City' -> 'ho-chi-minh-city', 'Medellín' -> 'medellin'. */
export function slug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
