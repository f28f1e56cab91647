/** Integer cents → "$1,234.56" / "-$3.00"; `signed` puts a + before gains too (statement amounts). */
export function formatCents(cents: number, { signed = false }: { signed?: boolean } = {}): string {
  const abs = Math.abs(cents);
  const number = `${Math.trunc(abs / 100).toLocaleString('en-US')}.${String(abs % 100).padStart(2, '0')}`;
  const sign = cents < 0 ? '-' : signed && cents > 0 ? '+' : '';
  return `${sign}$${number}`;
}

/** "2026-11-23T10:00:00Z" → "Nov 23, 2026": statement days are UTC days, as its range is. */
export const formatDay = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });

/** "2026-03" → "Mar". */
export const monthName = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', timeZone: 'UTC' });
