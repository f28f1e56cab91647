import type { Theme } from './constants.js';
import type { SocialLink, SocialPosition } from './socials.js';
import type { SeoView } from './socials.dto.js';
import type { LinkBlockKind } from './link-blocks.js';

/** Shape of the bio page's link buttons (Premium's custom look; 'rounded' is the default). */
export type ButtonShape = 'rounded' | 'pill' | 'square';

/** The creator's own view of their account (GET /api/auth/me). Never carries a password hash. */
export interface UserView {
  id: string;
  username: string;
  email: string;
  displayName: string;
  bio: string | null;
  avatar: string | null;
  theme: Theme;
  backgroundColor: string | null;
  backgroundImage: string | null;
  /** Premium's custom look as saved (kept when Premium ends, applied only while premium); null: the theme's. */
  buttonColor: string | null;
  buttonTextColor: string | null;
  buttonShape: ButtonShape;
  paypalEmail: string | null;
  cashappHandle: string | null;
  enableBooking: boolean;
  bookingPrice: number | null;
  isPremium: boolean;
  /** The account's e-mail address is confirmed (issue 14): until then the dashboard shows a banner and payouts wait. */
  emailVerified: boolean;
  createdAt: string;
  /** Social icons (issue 26), in the creator's order, and where the row shows. */
  socials: SocialLink[];
  socialsPosition: SocialPosition;
  /** Search and share preview as set; null fields: the defaults. */
  seo: SeoView;
}

/** What anyone may see of a creator (spec §3, public view). */
export interface PublicUserView {
  username: string;
  displayName: string;
  bio: string | null;
  avatar: string | null;
  theme: Theme;
  backgroundColor: string | null;
  backgroundImage: string | null;
  /** The look the page shows: the custom one while premium, else null / 'rounded' (the theme's). */
  buttonColor: string | null;
  buttonTextColor: string | null;
  buttonShape: ButtonShape;
  enableBooking: boolean;
  bookingPrice: number | null;
  isPremium: boolean;
  socials: SocialLink[];
  socialsPosition: SocialPosition;
  seo: SeoView;
}

export interface LinkView {
  id: string;
  /** A link button, a header (a section title; its url is '') or an embed (a player of the url). */
  kind: LinkBlockKind;
  title: string;
  url: string;
  clicks: number;
  isActive: boolean;
  order: number;
  /** Link scheduling (Premium): shown only from startsAt and until endsAt (ISO instants); null: no bound. */
  startsAt: string | null;
  endsAt: string | null;
  createdAt: string;
  /** The link's thumbnail (a square WebP, 2× its displayed size); null: the link's family icon. */
  thumbnail: string | null;
}

export interface PublicLinkView {
  id: string;
  /** A link button, a header (a section title; its url is '') or an embed (a click-to-load player of the url). */
  kind: LinkBlockKind;
  title: string;
  url: string;
  order: number;
  thumbnail: string | null;
}

export interface PublicProfileResponse {
  user: PublicUserView;
  links: PublicLinkView[];
}

export interface AnalyticsView {
  totalClicks: number;
  totalViews: number;
  /** clicks ÷ views × 100, rounded to one decimal; 0 without views. */
  clickRate: number;
  activeLinks: number;
}

export interface ClickResponse {
  url: string;
}

/** GET /api/qr-code: the URL the signed-in creator's QR code opens (their page's canonical public URL). */
export interface QrCodeView {
  url: string;
}

export interface ApiError {
  statusCode: number;
  message: string;
  errors?: string[];
}

/**
 * GET /api/auth/session: who is signed in, asked without failing. `user` is what GET /api/auth/me answers,
 * or null for a visitor (where /api/auth/me answers 401), so a signed-out page makes no failing request.
 */
export interface SessionProbeView {
  user: UserView | null;
}

/**
 * The support block of a creator's page (issue 27, tips): whether it shows, its three preset amounts in cents
 * and the creator's words above it. Read with the public page (users.tips_enabled, tip_presets, tip_message).
 */
export interface PublicTipsView {
  enabled: boolean;
  presets: number[];
  message: string | null;
}
