import {
  BIO_MAX_LENGTH,
  BUTTON_SHAPES,
  buttonContrast,
  buttonContrastProblem,
  DEFAULT_BUTTON_SHAPE,
  DISPLAY_NAME_MAX_LENGTH,
  HEX_COLOR_PATTERN,
  LookMessages,
  MAX_BOOKING_PRICE_CENTS,
  Messages,
  MIN_BOOKING_PRICE_CENTS,
  PRESET_BACKGROUND_COLORS,
  type ButtonShape,
  type SocialLink,
  type SocialPosition,
  type Theme,
  SeoMessages,
} from '@linkbio/shared-contracts';
import { invalid, forbidden } from '../../../shared/domain-error.js';
import { newId, type Id } from '../../../shared/ids.js';
import { checkedSocials, seoDescription, seoTitle } from './page-details.js';

/** One call of the Profile Template card: every field left out stays as it is. */
export interface TemplateChange {
  theme?: Theme;
  backgroundColor?: string | null;
  backgroundImage?: string | null;
  buttonColor?: string | null;
  buttonTextColor?: string | null;
  buttonShape?: ButtonShape;
}

/** What the public page shows of the look: Premium's custom parts only while premium. */
export interface PublicLook {
  backgroundColor: string | null;
  buttonColor: string | null;
  buttonTextColor: string | null;
  buttonShape: ButtonShape;
}

const isPreset = (color: string) => (PRESET_BACKGROUND_COLORS as readonly string[]).includes(color);

/** A colour as sent: undefined keeps, null or empty clears, else a #rrggbb stored in lower case. */
function colorChange(value: string | null | undefined, message: string): string | null | undefined {
  if (value === undefined) return undefined;
  if (value === null || value === '') return null;
  if (!HEX_COLOR_PATTERN.test(value)) throw invalid(message);
  return value.toLowerCase();
}

export interface NewUser {
  username: string;
  email: string;
  passwordHash: string;
  displayName: string;
  bio: string | null;
}

/** A creator: the account and everything their public page shows. */
export class User {
  id: Id;
  username: string;
  email: string;
  passwordHash: string;
  displayName: string;
  bio: string | null = null;
  avatar: string | null = null;
  theme: Theme = 'default';
  backgroundColor: string | null = null;
  backgroundImage: string | null = null;
  /** Premium's custom look as saved, kept when Premium ends (see publicLook); null: the theme's own colour. */
  buttonColor: string | null = null;
  buttonTextColor: string | null = null;
  buttonShape: ButtonShape = DEFAULT_BUTTON_SHAPE;
  paypalEmail: string | null = null;
  cashappHandle: string | null = null;
  enableBooking = false;
  /** Integer cents. */
  bookingPrice: number | null = null;
  isPremium = false;
  /** When the account was deleted: the row stays as a tombstone, its personal data erased (account-deletion). */
  deletedAt: Date | null = null;
  /** When the address `email` was confirmed (a link e-mailed to it was opened); null until then. */
  emailVerifiedAt: Date | null = null;
  createdAt: Date;
  updatedAt: Date;
  /** Social icons (issue 26), in the creator's order, and where their row shows. */
  socials: SocialLink[] = [];
  socialsPosition: SocialPosition = 'top';
  /** The search and share preview as set; null: the page's defaults (name, bio, profile picture). */
  seoTitle: string | null = null;
  seoDescription: string | null = null;
  seoImage: string | null = null;

  static register(data: NewUser, now: Date): User {
    const user = new User();
    user.id = newId();
    user.username = data.username;
    user.email = data.email;
    user.passwordHash = data.passwordHash;
    user.displayName = data.displayName;
    user.bio = data.bio && data.bio.length > 0 ? data.bio : null;
    user.createdAt = now;
    user.updatedAt = now;
    return user;
  }

  /**
   * Theme, background and buttons of the public page, all or nothing. A colour clears the image and an image
   * clears the colour (spec §4). Free creators choose among the eight preset backgrounds and the theme's
   * buttons; Premium, any #rrggbb background and its own button colours and shape (decisions.md), as long
   * as the button text keeps WCAG AA contrast (4.5:1) with its button.
   */
  changeTemplate(change: TemplateChange): void {
    const color = change.backgroundColor || null;
    const image = change.backgroundImage || null;
    if (color && image) throw invalid(Messages.colorOrImage);
    let backgroundColor = this.backgroundColor;
    let backgroundImage = this.backgroundImage;
    if (color !== null) {
      if (!HEX_COLOR_PATTERN.test(color)) throw invalid(Messages.invalidColor);
      backgroundColor = color.toLowerCase();
      if (!this.isPremium && !isPreset(backgroundColor)) throw forbidden(Messages.presetColorsOnly);
      backgroundImage = null;
    } else if (image !== null) {
      // Only an image this creator already uploaded can be chosen here; new images come through the upload flow.
      if (image !== this.backgroundImage) throw invalid(Messages.imageNotUploaded);
      backgroundColor = null;
    } else {
      if (change.backgroundColor !== undefined) backgroundColor = null;
      if (change.backgroundImage !== undefined) backgroundImage = null;
    }

    const buttonColor = colorChange(change.buttonColor, LookMessages.invalidButtonColor);
    const buttonTextColor = colorChange(change.buttonTextColor, LookMessages.invalidButtonTextColor);
    const buttonShape = change.buttonShape;
    if (buttonShape !== undefined && !(BUTTON_SHAPES as readonly string[]).includes(buttonShape)) {
      throw invalid(LookMessages.invalidButtonShape);
    }
    // Clearing a saved colour or going back to rounded buttons is every creator's to do; choosing one is Premium's.
    if (!this.isPremium && (buttonColor || buttonTextColor || (buttonShape && buttonShape !== DEFAULT_BUTTON_SHAPE))) {
      throw forbidden(LookMessages.premiumLookOnly);
    }

    const theme = change.theme ?? this.theme;
    const next = {
      buttonColor: buttonColor === undefined ? this.buttonColor : buttonColor,
      buttonTextColor: buttonTextColor === undefined ? this.buttonTextColor : buttonTextColor,
    };
    // Checked whenever the buttons' colours could change while they show: new colours, or another theme's defaults.
    const touchesButtons = change.theme !== undefined || buttonColor !== undefined || buttonTextColor !== undefined;
    if (this.isPremium && touchesButtons && (next.buttonColor || next.buttonTextColor)) {
      const problem = buttonContrastProblem(theme, next.buttonColor, next.buttonTextColor);
      if (problem) throw invalid(problem);
    }

    this.theme = theme;
    this.backgroundColor = backgroundColor;
    this.backgroundImage = backgroundImage;
    this.buttonColor = next.buttonColor;
    this.buttonTextColor = next.buttonTextColor;
    if (buttonShape !== undefined) this.buttonShape = buttonShape;
  }

  /**
   * The look the public page shows. Premium's custom parts (a background beyond the presets, button colours
   * and shape) apply only while premium; when it ends the theme's own show instead and the saved values wait
   * for the creator's return. Colours whose text would be unreadable (possible only through a theme change
   * made while the look did not apply) fall back to the theme's.
   */
  publicLook(): PublicLook {
    const backgroundColor =
      this.backgroundColor && (this.isPremium || isPreset(this.backgroundColor)) ? this.backgroundColor : null;
    if (!this.isPremium) {
      return { backgroundColor, buttonColor: null, buttonTextColor: null, buttonShape: DEFAULT_BUTTON_SHAPE };
    }
    const readable = buttonContrast(this.theme, this.buttonColor, this.buttonTextColor).passes;
    return {
      backgroundColor,
      buttonColor: readable ? this.buttonColor : null,
      buttonTextColor: readable ? this.buttonTextColor : null,
      buttonShape: this.buttonShape,
    };
  }

  /**
   * The name and bio the page shows, as at sign-up: trimmed, a display name of 1 to 50 characters and a bio
   * of at most 160 (counted as PostgreSQL counts them); an empty or null bio clears it, a bio left out stays.
   */
  changeProfile(change: { displayName: string; bio?: string | null }): void {
    const displayName = change.displayName.trim();
    if (displayName.length === 0) throw invalid(Messages.displayNameRequired);
    if ([...displayName].length > DISPLAY_NAME_MAX_LENGTH) throw invalid(Messages.displayNameTooLong);
    const bio = change.bio === undefined ? this.bio : change.bio?.trim() || null;
    if (bio !== null && [...bio].length > BIO_MAX_LENGTH) throw invalid(Messages.bioTooLong);
    this.displayName = displayName;
    this.bio = bio;
  }

  /** A new profile picture: the public address of an image the upload flow has checked. */
  changeAvatar(url: string): void {
    this.avatar = url;
  }

  /** A new background image (checked by the upload flow); it replaces the background colour (spec §4). */
  changeBackgroundImage(url: string): void {
    this.backgroundImage = url;
    this.backgroundColor = null;
  }

  /** A new password, as the PasswordHasher's hash of it (the password itself is never kept). */
  changePassword(passwordHash: string, now: Date): void {
    this.passwordHash = passwordHash;
    this.updatedAt = now;
  }

  /** The link e-mailed to the account's address was opened: the address is confirmed (once; later calls keep the first time). */
  verifyEmail(now: Date): void {
    this.emailVerifiedAt ??= now;
    this.updatedAt = now;
  }

  /** A new address, confirmed by opening a link e-mailed to it. */
  changeEmail(email: string, now: Date): void {
    this.email = email;
    this.emailVerifiedAt = now;
    this.updatedAt = now;
  }

  changePayoutSettings(change: { paypalEmail?: string | null; cashappHandle?: string | null }): void {
    if (change.paypalEmail !== undefined) this.paypalEmail = change.paypalEmail || null;
    if (change.cashappHandle !== undefined) this.cashappHandle = change.cashappHandle || null;
  }

  /** @param bookingPrice integer cents, null to clear, undefined to keep the current price */
  changeBookingSettings(enableBooking: boolean, bookingPrice: number | null | undefined): void {
    if (bookingPrice !== undefined && bookingPrice !== null) {
      if (
        !Number.isSafeInteger(bookingPrice) ||
        bookingPrice < MIN_BOOKING_PRICE_CENTS ||
        bookingPrice > MAX_BOOKING_PRICE_CENTS
      ) {
        throw invalid(Messages.bookingPriceRange);
      }
    }
    const nextPrice = bookingPrice === undefined ? this.bookingPrice : bookingPrice;
    if (enableBooking && nextPrice === null) throw invalid(Messages.bookingPriceRequired);
    this.enableBooking = enableBooking;
    this.bookingPrice = nextPrice;
  }

  /** The whole row of social icons at once, checked whole (page-details.ts): a bad item changes nothing. */
  changeSocials(list: unknown, position?: unknown): void {
    const next = checkedSocials(list, position, this.socialsPosition);
    this.socials = next.socials;
    this.socialsPosition = next.position;
  }

  /**
   * The search and share preview: each field left out stays, null or empty goes back to the default. The image
   * comes through the upload flow (changeShareImage); here it can only be kept or cleared.
   */
  changeSeo(change: { title?: string | null; description?: string | null; image?: string | null }): void {
    const title = seoTitle(change.title);
    const description = seoDescription(change.description);
    const image = change.image === undefined ? this.seoImage : change.image || null;
    if (image !== null && image !== this.seoImage) throw invalid(SeoMessages.imageNotUploaded);
    if (title !== undefined) this.seoTitle = title;
    if (description !== undefined) this.seoDescription = description;
    this.seoImage = image;
  }

  /** A new share image: the public address of an image the upload flow has checked. */
  changeShareImage(url: string): void {
    this.seoImage = url;
  }
}
