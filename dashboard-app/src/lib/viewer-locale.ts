import { canonicalLocale, timeLocale } from '@linkbio/shared-contracts';

/** The viewer's locale: the browser's first language, when well formed (else en-US). */
export const viewerLocale = (): string => canonicalLocale(navigator.language) ?? 'en-US';

/**
 * The locale to hand Intl for the viewer's times: English words (the dashboard is English), the clock their locale
 * uses (en-US '2:30 PM', en-GB and de-DE '14:30').
 */
export const viewerTimeLocale = (): string => timeLocale(viewerLocale());
