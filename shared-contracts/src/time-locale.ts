/*
 * Times as a viewer reads them: the product's texts are English, so day and month names stay English, while the
 * clock (12- or 24-hour) and, for English locales, the order of day and month follow the viewer's locale.
 * No class-validator here, so the public booking page's bundle can take it.
 */

/** The locale times are told in when none (or none usable) is known. */
export const DEFAULT_LOCALE = 'en-US';

export const LocaleMessages = {
  locale: 'locale must be a language tag such as en-US or de-DE.',
} as const;

/** The locale as Intl spells it ('en-gb' → 'en-GB'), or null for anything that is not a well-formed tag. */
export function canonicalLocale(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 35) return null;
  try {
    const [canonical] = Intl.getCanonicalLocales(value);
    return canonical ?? null;
  } catch {
    return null;
  }
}

/** The first well-formed language tag of an Accept-Language header ('de-DE,de;q=0.9' → 'de-DE'), else null. */
export function firstAcceptedLocale(header: string | readonly string[] | undefined): string | null {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (typeof value !== 'string') return null;
  for (const entry of value.slice(0, 500).split(',')) {
    const tag = entry.split(';')[0]!.trim();
    if (tag === '*') continue;
    const locale = canonicalLocale(tag);
    if (locale) return locale;
  }
  return null;
}

const TIME_LOCALES = new Map<string, string>();

/**
 * The locale to hand Intl for a viewer in `locale`: an English locale as it is (en-US '2:00 PM', en-GB '14:00');
 * any other by its clock: English with a 12-hour clock (en-US) or with a 24-hour one (en-GB), as the viewer's
 * locale writes times (de-DE → en-GB: '14:00'). Anything unusable → en-US.
 */
export function timeLocale(locale: string | null | undefined): string {
  const given = canonicalLocale(locale) ?? DEFAULT_LOCALE;
  let found = TIME_LOCALES.get(given);
  if (!found) {
    if (given.split('-')[0]!.toLowerCase() === 'en') found = given;
    else {
      const cycle = new Intl.DateTimeFormat(given, { hour: 'numeric' }).resolvedOptions().hourCycle;
      found = cycle === 'h11' || cycle === 'h12' ? 'en-US' : 'en-GB';
    }
    if (TIME_LOCALES.size > 200) TIME_LOCALES.clear();
    TIME_LOCALES.set(given, found);
  }
  return found;
}

/** Intl options for a clock time as `intlLocale` writes it: '2:00 PM' on a 12-hour clock, '09:00' on a 24-hour one. */
export function clockOptions(intlLocale: string): Intl.DateTimeFormatOptions {
  const cycle = new Intl.DateTimeFormat(intlLocale, { hour: 'numeric' }).resolvedOptions().hourCycle;
  return { hour: cycle === 'h23' || cycle === 'h24' ? '2-digit' : 'numeric', minute: '2-digit' };
}
