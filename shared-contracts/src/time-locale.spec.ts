import { canonicalLocale, clockOptions, firstAcceptedLocale, timeLocale } from './time-locale.js';

describe('the locale times are written in', () => {
  it('takes well-formed language tags only, as Intl spells them', () => {
    expect(canonicalLocale('en-gb')).toBe('en-GB');
    expect(canonicalLocale('de-DE')).toBe('de-DE');
    for (const bad of ['', 'not a locale', 'x'.repeat(40), 42, null, undefined, 'en_US!']) expect(canonicalLocale(bad)).toBeNull();
  });

  it('reads the first well-formed tag of an Accept-Language header', () => {
    expect(firstAcceptedLocale('de-DE,de;q=0.9,en;q=0.8')).toBe('de-DE');
    expect(firstAcceptedLocale('*;q=0.1, !!, en-gb;q=0.5')).toBe('en-GB');
    expect(firstAcceptedLocale(['fr-FR', 'en'])).toBe('fr-FR');
    expect(firstAcceptedLocale('')).toBeNull();
    expect(firstAcceptedLocale(undefined)).toBeNull();
  });

  it('keeps English names and follows the clock: en-US 12-hour, en-GB and de-DE 24-hour', () => {
    const clock = (locale: string, iso = '2027-03-02T14:00:00Z') =>
      new Intl.DateTimeFormat(timeLocale(locale), { ...clockOptions(timeLocale(locale)), timeZone: 'UTC' }).format(new Date(iso));
    expect(clock('en-US')).toMatch(/^2:00\sPM$/);
    expect(clock('en-US', '2027-03-02T09:00:00Z')).toMatch(/^9:00\sAM$/);
    expect(clock('en-GB')).toBe('14:00');
    expect(clock('de-DE')).toBe('14:00');
    expect(clock('de-DE', '2027-03-02T09:00:00Z')).toBe('09:00');
    expect(timeLocale('de-DE')).toBe('en-GB');
    expect(timeLocale('ko-KR')).toBe('en-US');
    expect(timeLocale('junk!')).toBe('en-US');
    expect(timeLocale(null)).toBe('en-US');
  });
});
