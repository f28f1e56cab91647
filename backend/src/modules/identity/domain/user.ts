import {
  Messages,
  PRESET_BACKGROUND_COLORS,
  HEX_COLOR_PATTERN,
  MAX_BOOKING_PRICE_CENTS,
  MIN_BOOKING_PRICE_CENTS,
  type Theme,
} from '@linkbio/shared-contracts';
import { invalid, forbidden } from '../../../shared/domain-error.js';
import { newId, type Id } from '../../../shared/ids.js';

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
  paypalEmail: string | null = null;
  cashappHandle: string | null = null;
  enableBooking = false;
  /** Integer cents. */
  bookingPrice: number | null = null;
  isPremium = false;
  createdAt: Date;
  updatedAt: Date;

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
   * Theme, colour and image of the public page. A colour clears the image and an image clears the colour
   * (spec §4); free creators choose among the eight presets (decisions.md, Uploads).
   */
  changeTemplate(change: { theme?: Theme; backgroundColor?: string | null; backgroundImage?: string | null }): void {
    const color = change.backgroundColor || null;
    const image = change.backgroundImage || null;
    if (color && image) throw invalid(Messages.colorOrImage);
    if (color !== null) {
      if (!HEX_COLOR_PATTERN.test(color)) throw invalid(Messages.invalidColor);
      const normalized = color.toLowerCase();
      if (!this.isPremium && !(PRESET_BACKGROUND_COLORS as readonly string[]).includes(normalized)) {
        throw forbidden(Messages.presetColorsOnly);
      }
      this.backgroundColor = normalized;
      this.backgroundImage = null;
    } else if (image !== null) {
      // Only an image this creator already uploaded can be chosen here; new images come through the upload flow.
      if (image !== this.backgroundImage) throw invalid(Messages.imageNotUploaded);
      this.backgroundColor = null;
    } else {
      if (change.backgroundColor !== undefined) this.backgroundColor = null;
      if (change.backgroundImage !== undefined) this.backgroundImage = null;
    }
    if (change.theme !== undefined) this.theme = change.theme;
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
}
