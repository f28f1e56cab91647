/** "2026-07-05T12:00:00Z" → "July 5, 2026", in the creator's time zone. */
export const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
