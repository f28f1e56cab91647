import type { Subscriber } from '../domain/subscriber.js';

const HEADER = ['Email', 'Status', 'Source', 'Subscribed (UTC)', 'Confirmed (UTC)', 'Unsubscribed (UTC)'];

/**
 * A text cell a spreadsheet will not run as a formula (CSV injection): one starting with = + - @ (or a tab or
 * carriage return) gets a leading apostrophe, as the earnings statement's CSV does.
 */
export const safeText = (text: string): string => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

/** RFC 4180: a field with a comma, a quote or a line break is quoted, its quotes doubled. */
const field = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
const row = (cells: string[]) => cells.map(field).join(',');

/** The list as RFC 4180 CSV (CRLF line ends, a header row), newest first. */
export function subscribersCsv(subscribers: readonly Subscriber[]): string {
  const lines = subscribers.map((s) =>
    row([safeText(s.email), s.status, s.source, s.createdAt.toISOString(), s.confirmedAt?.toISOString() ?? '', s.unsubscribedAt?.toISOString() ?? '']),
  );
  return [row(HEADER), ...lines].join('\r\n') + '\r\n';
}
