import {
  DEFAULT_SOCIAL_POSITION,
  parseSocials,
  SEO_DESCRIPTION_MAX_LENGTH,
  SEO_TITLE_MAX_LENGTH,
  SeoMessages,
  SOCIAL_POSITIONS,
  SocialMessages,
  type SocialLink,
  type SocialPosition,
} from '@linkbio/shared-contracts';
import { invalid } from '../../../shared/domain-error.js';

/** The social icons of a page (issue 26) and where they show. */
export interface Socials {
  socials: SocialLink[];
  position: SocialPosition;
}

/**
 * The list as it will be stored: checked whole by the shared rules (a bad item changes nothing), each address
 * as the platform has it (e-mail as `mailto:`). A position left out stays.
 */
export function checkedSocials(list: unknown, position: unknown, current: SocialPosition): Socials {
  const parsed = parseSocials(list);
  if (parsed.error !== undefined) throw invalid(parsed.error);
  if (position !== undefined && !(SOCIAL_POSITIONS as readonly unknown[]).includes(position)) {
    throw invalid(SocialMessages.invalidPosition);
  }
  return { socials: parsed.socials, position: (position as SocialPosition | undefined) ?? current ?? DEFAULT_SOCIAL_POSITION };
}

/** The preview's texts as sent: undefined keeps, null or empty (after trimming) goes back to the default. */
export function seoText(value: string | null | undefined, max: number, tooLong: string): string | null | undefined {
  if (value === undefined) return undefined;
  const text = value?.trim() || null;
  if (text !== null && [...text].length > max) throw invalid(tooLong);
  return text;
}

export const seoTitle = (value: string | null | undefined) => seoText(value, SEO_TITLE_MAX_LENGTH, SeoMessages.titleTooLong);
export const seoDescription = (value: string | null | undefined) =>
  seoText(value, SEO_DESCRIPTION_MAX_LENGTH, SeoMessages.descriptionTooLong);
