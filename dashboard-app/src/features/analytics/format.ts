/** '2026-03-04' (a UTC day) → 'Mar 4'. */
export const formatDay = (date: string) =>
  new Date(`${date}T00:00:00.000Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** 1234 → '1,234'. */
export const formatCount = (value: number) => value.toLocaleString('en-US');

/** A click rate with one decimal and a percent sign (decisions.md): 12.5 → '12.5%'. */
export const formatRate = (rate: number) => `${rate.toFixed(1)}%`;

/** '3 views', '1 view'. */
export const plural = (value: number, one: string, many = `${one}s`) =>
  `${formatCount(value)} ${value === 1 ? one : many}`;
