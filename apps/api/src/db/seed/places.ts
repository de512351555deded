/**
 * Places of the demo data: countries (names as i18n-iso-countries spells them in English, so the
 * analytics map finds them) and about forty cities that remote workers and travellers live in.
 */

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

export const COUNTRIES: readonly Country[] = [
  {
    iso: 'US',
    name: 'United States of America',
    currency: 'USD',
    perUsd: 1,
    dialCode: '1',
    postcode: '#####',
    weight: 16,
  },
  {
    iso: 'GB',
    name: 'United Kingdom',
    currency: 'GBP',
    perUsd: 0.79,
    dialCode: '44',
    postcode: '@@# #@@',
    weight: 8,
  },
  { iso: 'DE', name: 'Germany', currency: 'EUR', perUsd: 0.92, dialCode: '49', postcode: '#####', weight: 7 },
  { iso: 'IN', name: 'India', currency: 'INR', perUsd: 83, dialCode: '91', postcode: '######', weight: 8 },
  { iso: 'FR', name: 'France', currency: 'EUR', perUsd: 0.92, dialCode: '33', postcode: '#####', weight: 5 },
  { iso: 'ES', name: 'Spain', currency: 'EUR', perUsd: 0.92, dialCode: '34', postcode: '#####', weight: 4 },
  {
    iso: 'PT',
    name: 'Portugal',
    currency: 'EUR',
    perUsd: 0.92,
    dialCode: '351',
    postcode: '####-###',
    weight: 3,
  },
  {
    iso: 'NL',
    name: 'Netherlands',
    currency: 'EUR',
    perUsd: 0.92,
    dialCode: '31',
    postcode: '#### @@',
    weight: 3,
  },
  {
    iso: 'IE',
    name: 'Ireland',
    currency: 'EUR',
    perUsd: 0.92,
    dialCode: '353',
    postcode: 'D0# @###',
    weight: 1.5,
  },
  { iso: 'IT', name: 'Italy', currency: 'EUR', perUsd: 0.92, dialCode: '39', postcode: '#####', weight: 3 },
  {
    iso: 'GR',
    name: 'Greece',
    currency: 'EUR',
    perUsd: 0.92,
    dialCode: '30',
    postcode: '### ##',
    weight: 1.2,
  },
  {
    iso: 'HR',
    name: 'Croatia',
    currency: 'EUR',
    perUsd: 0.92,
    dialCode: '385',
    postcode: '#####',
    weight: 0.8,
  },
  {
    iso: 'CZ',
    name: 'Czech Republic',
    currency: 'CZK',
    perUsd: 23,
    dialCode: '420',
    postcode: '### ##',
    weight: 1,
  },
  {
    iso: 'GE',
    name: 'Georgia',
    currency: 'GEL',
    perUsd: 2.7,
    dialCode: '995',
    postcode: '####',
    weight: 0.6,
  },
  {
    iso: 'AE',
    name: 'United Arab Emirates',
    currency: 'AED',
    perUsd: 3.67,
    dialCode: '971',
    postcode: '#####',
    weight: 1.5,
  },
  {
    iso: 'MA',
    name: 'Morocco',
    currency: 'MAD',
    perUsd: 10,
    dialCode: '212',
    postcode: '#####',
    weight: 0.8,
  },
  {
    iso: 'ZA',
    name: 'South Africa',
    currency: 'ZAR',
    perUsd: 18.5,
    dialCode: '27',
    postcode: '####',
    weight: 1.5,
  },
  { iso: 'KE', name: 'Kenya', currency: 'KES', perUsd: 130, dialCode: '254', postcode: '#####', weight: 0.8 },
  {
    iso: 'ID',
    name: 'Indonesia',
    currency: 'IDR',
    perUsd: 15800,
    dialCode: '62',
    postcode: '#####',
    weight: 3,
  },
  {
    iso: 'TH',
    name: 'Thailand',
    currency: 'THB',
    perUsd: 36,
    dialCode: '66',
    postcode: '#####',
    weight: 2.5,
  },
  {
    iso: 'VN',
    name: 'Vietnam',
    currency: 'VND',
    perUsd: 25000,
    dialCode: '84',
    postcode: '######',
    weight: 1.5,
  },
  {
    iso: 'JP',
    name: 'Japan',
    currency: 'JPY',
    perUsd: 150,
    dialCode: '81',
    postcode: '###-####',
    weight: 2.5,
  },
  {
    iso: 'KR',
    name: 'South Korea',
    currency: 'KRW',
    perUsd: 1350,
    dialCode: '82',
    postcode: '#####',
    weight: 1.5,
  },
  {
    iso: 'SG',
    name: 'Singapore',
    currency: 'SGD',
    perUsd: 1.35,
    dialCode: '65',
    postcode: '######',
    weight: 1,
  },
  { iso: 'MY', name: 'Malaysia', currency: 'MYR', perUsd: 4.7, dialCode: '60', postcode: '#####', weight: 1 },
  {
    iso: 'AU',
    name: 'Australia',
    currency: 'AUD',
    perUsd: 1.52,
    dialCode: '61',
    postcode: '####',
    weight: 4,
  },
  {
    iso: 'NZ',
    name: 'New Zealand',
    currency: 'NZD',
    perUsd: 1.65,
    dialCode: '64',
    postcode: '####',
    weight: 1,
  },
  { iso: 'CA', name: 'Canada', currency: 'CAD', perUsd: 1.36, dialCode: '1', postcode: '@#@ #@#', weight: 4 },
  { iso: 'MX', name: 'Mexico', currency: 'MXN', perUsd: 17, dialCode: '52', postcode: '#####', weight: 2.5 },
  {
    iso: 'CO',
    name: 'Colombia',
    currency: 'COP',
    perUsd: 4000,
    dialCode: '57',
    postcode: '######',
    weight: 1.5,
  },
  {
    iso: 'AR',
    name: 'Argentina',
    currency: 'ARS',
    perUsd: 900,
    dialCode: '54',
    postcode: '@####@@@',
    weight: 1.5,
  },
  { iso: 'PE', name: 'Peru', currency: 'PEN', perUsd: 3.75, dialCode: '51', postcode: '#####', weight: 0.8 },
  { iso: 'BR', name: 'Brazil', currency: 'BRL', perUsd: 5, dialCode: '55', postcode: '#####-###', weight: 4 },
  { iso: 'NP', name: 'Nepal', currency: 'NPR', perUsd: 133, dialCode: '977', postcode: '#####', weight: 0.5 },
];

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
