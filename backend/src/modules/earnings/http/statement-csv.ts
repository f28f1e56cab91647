import type { StatementOfPeriod } from '../application/get-statement.use-case.js';
import type { StatementLine } from '../domain/statement.js';

const HEADER = [
  'Date (UTC)',
  'Kind',
  'Description',
  'Amount (USD)',
  'Balance (USD)',
  'Amount (cents)',
  'Balance (cents)',
  'Booking ID',
  'Payout ID',
  'Order ID',
];

/** Cents as a plain decimal a spreadsheet reads as a number: -1234 → "-12.34". */
export function decimalDollars(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * A text cell a spreadsheet will not run as a formula (CSV injection): one starting with = + - @ (or a tab or
 * carriage return, which some spreadsheets skip before reading one) gets a leading apostrophe.
 */
export function safeText(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** RFC 4180: a field with a comma, a quote or a line break is quoted, its quotes doubled. */
function field(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

const row = (cells: string[]) => cells.map(field).join(',');

function lineRow(line: StatementLine): string {
  return row([
    line.at.toISOString(),
    safeText(line.kind),
    safeText(line.description),
    decimalDollars(line.amount),
    decimalDollars(line.balance),
    String(line.amount),
    String(line.balance),
    line.bookingId ?? '',
    line.payoutId ?? '',
    line.orderId ?? '',
  ]);
}

/**
 * The statement as RFC 4180 CSV (CRLF line ends, a header row): the opening balance as its first line, then
 * every ledger line oldest first. Amounts are dollars with two decimals (and the exact cents beside them).
 */
export function statementCsv(statement: StatementOfPeriod): string {
  const opening = row([
    statement.period.start.toISOString(),
    'opening',
    safeText(`Balance before ${statement.period.from}`),
    '0.00',
    decimalDollars(statement.opening),
    '0',
    String(statement.opening),
    '',
    '',
    '',
  ]);
  return [row(HEADER), opening, ...statement.lines.map(lineRow)].join('\r\n') + '\r\n';
}

export const statementFileName = (statement: StatementOfPeriod) =>
  `earnings-${statement.period.from}-to-${statement.period.to}.csv`;
