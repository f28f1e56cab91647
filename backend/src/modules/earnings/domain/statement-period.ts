import { EarningsMessages, STATEMENT_MAX_DAYS } from '@linkbio/shared-contracts';
import { invalid } from '../../../shared/domain-error.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const YEAR = /^\d{4}$/;
export const MIN_YEAR = 2000;
export const MAX_YEAR = 9999;

/** A statement's days, UTC: from `from` 00:00 (inclusive) to the day after `to` 00:00 (exclusive). */
export interface StatementPeriod {
  /** "YYYY-MM-DD" */
  from: string;
  to: string;
  start: Date;
  end: Date;
}

/** A calendar day "YYYY-MM-DD" as its UTC midnight; null for anything else (2026-02-30, 26-1-1, an array). */
export function parseDay(text: unknown): Date | null {
  if (typeof text !== 'string') return null;
  const match = DATE.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  if (year < MIN_YEAR || year > MAX_YEAR) return null;
  return date;
}

/** The period a statement asks for; a 400 (invalid) in words a person reads when it is missing or wrong. */
export function statementPeriod(from: unknown, to: unknown): StatementPeriod {
  if (from === undefined || from === '') throw invalid(EarningsMessages.fromRequired);
  if (to === undefined || to === '') throw invalid(EarningsMessages.toRequired);
  const start = parseDay(from);
  if (!start) throw invalid(EarningsMessages.invalidFrom);
  const last = parseDay(to);
  if (!last) throw invalid(EarningsMessages.invalidTo);
  if (start > last) throw invalid(EarningsMessages.fromAfterTo);
  const end = new Date(last.getTime() + DAY_MS);
  if ((end.getTime() - start.getTime()) / DAY_MS > STATEMENT_MAX_DAYS) throw invalid(EarningsMessages.rangeTooLong);
  return { from: from as string, to: to as string, start, end };
}

/** The year a summary asks for (2000 to 9999). */
export function summaryYear(year: unknown): number {
  if (year === undefined || year === '') throw invalid(EarningsMessages.yearRequired);
  if (typeof year !== 'string' || !YEAR.test(year)) throw invalid(EarningsMessages.invalidYear);
  const value = Number(year);
  if (value < MIN_YEAR || value > MAX_YEAR) throw invalid(EarningsMessages.invalidYear);
  return value;
}

/** 1 January to 31 December of a year, UTC. */
export function yearPeriod(year: number): StatementPeriod {
  const pad = String(year).padStart(4, '0');
  return statementPeriod(`${pad}-01-01`, `${pad}-12-31`);
}
