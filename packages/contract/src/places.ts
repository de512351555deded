import countryToCurrency from 'country-to-currency';
import currencyCodes from 'currency-codes';
import countries from 'i18n-iso-countries';
import english from 'i18n-iso-countries/langs/en.json' with { type: 'json' };

/**
 * Countries and currencies (DESIGN §2): ISO 3166-1 names and alpha-2 codes from
 * i18n-iso-countries, ISO 4217 currencies from currency-codes, a country's usual currency from
 * country-to-currency. Never a hand-written table.
 */
countries.registerLocale(english);

export type Country = { name: string; iso: string; currency: string };

const currencyOf = countryToCurrency as Readonly<Record<string, string | undefined>>;

/** Every country by its English name (the name stored with a city), with its usual currency. */
export const COUNTRIES: readonly Country[] = Object.entries(countries.getNames('en', { select: 'official' }))
  .map(([iso, name]) => ({ name, iso, currency: currencyOf[iso] ?? '' }))
  .sort((a, b) => a.name.localeCompare(b.name, 'en'));

const byName = new Map(COUNTRIES.map((country) => [country.name.toLowerCase(), country]));
const byIso = new Map(COUNTRIES.map((country) => [country.iso, country]));

/** The country of an English name (any case; official or a common alias), or undefined. */
export function countryByName(name: string): Country | undefined {
  const exact = byName.get(name.trim().toLowerCase());
  if (exact) return exact;
  const iso = countries.getAlpha2Code(name.trim(), 'en');
  return iso ? byIso.get(iso) : undefined;
}

export function countryByIso(iso: string): Country | undefined {
  return byIso.get(iso.toUpperCase());
}

/** ISO 4217 currencies, by code, with their names. */
export const CURRENCIES: readonly { code: string; name: string }[] = currencyCodes.data
  .map(({ code, currency }) => ({ code, name: currency }))
  .sort((a, b) => a.code.localeCompare(b.code));

const currencySet = new Set(CURRENCIES.map((currency) => currency.code));

export function isCurrencyCode(code: string): boolean {
  return currencySet.has(code);
}
