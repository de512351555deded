import { describe, expect, it } from 'vitest';
import { formatMoney, formatMoneyRange, formatSalary } from './format-money';

describe('money', () => {
  it('shows an amount in its currency, cents only where there are some', () => {
    expect(formatMoney(1200, 'EUR')).toBe('€1,200');
    expect(formatMoney(7.5, 'USD')).toBe('$7.50');
    expect(formatMoney(35, 'CHF')).toBe('CHF\u00a035');
  });

  it('shows the number alone when the currency is unknown, with what was written when not a code', () => {
    expect(formatMoney(7.5, '')).toBe('7.5');
    expect(formatMoney(7.5, 'euros')).toBe('7.5 euros');
    expect(formatMoney(Number.NaN, 'EUR')).toBe('N/A');
  });

  it('writes a range once when both ends are the same', () => {
    expect(formatMoneyRange(7.5, 35, 'EUR')).toBe('€7.50 – €35');
    expect(formatMoneyRange(20, 20, 'EUR')).toBe('€20');
  });

  it('writes a salary with its currency and period, the same on every screen', () => {
    expect(formatSalary({ salary: 1200, salary_type: 'per month', currency: 'GBP' })).toBe(
      '£1,200 per month',
    );
    expect(formatSalary({ salary: 1200, salary_type: '', currency: '' })).toBe('1,200');
  });
});
