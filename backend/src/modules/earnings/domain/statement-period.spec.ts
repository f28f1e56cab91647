import { EarningsMessages } from '@linkbio/shared-contracts';
import { aDomainError } from '../../../shared/testing/domain-error.matcher.js';
import { statementPeriod, summaryYear } from './statement-period.js';

describe('statementPeriod', () => {
  it('covers UTC days from `from` 00:00 to the day after `to`', () => {
    expect(statementPeriod('2026-01-01', '2026-12-31')).toEqual({
      from: '2026-01-01',
      to: '2026-12-31',
      start: new Date('2026-01-01T00:00:00Z'),
      end: new Date('2027-01-01T00:00:00Z'),
    });
    expect(statementPeriod('2024-01-01', '2024-12-31').end).toEqual(new Date('2025-01-01T00:00:00Z')); // 366 days
    expect(statementPeriod('2026-03-05', '2026-03-05').end).toEqual(new Date('2026-03-06T00:00:00Z'));
  });

  it.each([
    [undefined, '2026-01-01', EarningsMessages.fromRequired],
    ['2026-01-01', undefined, EarningsMessages.toRequired],
    ['2026-02-30', '2026-03-01', EarningsMessages.invalidFrom],
    ['26-1-1', '2026-03-01', EarningsMessages.invalidFrom],
    [['2026-01-01', '2026-01-02'], '2026-03-01', EarningsMessages.invalidFrom],
    ['2026-01-01', 'tomorrow', EarningsMessages.invalidTo],
    ['2026-03-02', '2026-03-01', EarningsMessages.fromAfterTo],
    ['2025-01-01', '2026-01-02', EarningsMessages.rangeTooLong],
  ])('refuses from=%p to=%p', (from, to, message) => {
    expect(() => statementPeriod(from, to)).toThrow(aDomainError('invalid', message));
  });
});

describe('summaryYear', () => {
  it('reads a four-digit year', () => expect(summaryYear('2026')).toBe(2026));
  it.each([
    [undefined, EarningsMessages.yearRequired],
    ['26', EarningsMessages.invalidYear],
    ['1999', EarningsMessages.invalidYear],
    ['2026.5', EarningsMessages.invalidYear],
  ])('refuses %p', (year, message) => expect(() => summaryYear(year)).toThrow(aDomainError('invalid', message)));
});
