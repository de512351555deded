import { MESSAGES } from '@roam/contract/messages';

/**
 * Amounts as every screen shows them: in their currency ('€7.50', '¥1,200'), the ISO code when
 * the browser has no symbol for it ('CHF 35'), a plain number when the currency is unknown ('' from
 * the API), and the number with whatever was written when that is not an ISO 4217 code.
 */
let plainNumber: Intl.NumberFormat | undefined;
const currencyFormats = new Map<string, Intl.NumberFormat | null>();

/** The format of a currency code, or null when it is not one (Intl throws on those). */
function currencyFormatOf(currency: string): Intl.NumberFormat | null {
  if (!currencyFormats.has(currency)) {
    let format: Intl.NumberFormat | null = null;
    try {
      // '€1,200' and '€7.50': cents only where there are some.
      format = new Intl.NumberFormat('en-US', {
        style: 'currency',
        currency,
        trailingZeroDisplay: 'stripIfInteger',
      });
    } catch {
      format = null;
    }
    currencyFormats.set(currency, format);
  }
  return currencyFormats.get(currency) ?? null;
}

export function formatMoney(amount: number, currency: string): string {
  if (!Number.isFinite(amount)) return MESSAGES.notAvailableShort;
  const format = currency ? currencyFormatOf(currency) : null;
  if (format) return format.format(amount);
  // Made on first use, not as the module loads: a page's first Intl format loads the locale's data,
  // a cost a page that shows no amount should not pay.
  plainNumber ??= new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
  return [plainNumber.format(amount), currency].filter(Boolean).join(' ');
}

/** A range in one currency: '€7.50 – €35', or one amount when both ends are equal. */
export function formatMoneyRange(min: number, max: number, currency: string): string {
  if (min === max) return formatMoney(min, currency);
  return `${formatMoney(min, currency)} – ${formatMoney(max, currency)}`;
}

/** A job's salary with its currency and period, the same on every screen: '€1,200 per month'. */
export function formatSalary(job: { salary: number; salary_type: string; currency: string }): string {
  if (!Number.isFinite(job.salary)) return MESSAGES.notAvailableShort;
  return [formatMoney(job.salary, job.currency), job.salary_type].filter(Boolean).join(' ');
}
