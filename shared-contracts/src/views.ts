import type { Theme } from './constants.js';

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
  paypalEmail: string | null;
  cashappHandle: string | null;
  enableBooking: boolean;
  bookingPrice: number | null;
  isPremium: boolean;
  createdAt: string;
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
  enableBooking: boolean;
  bookingPrice: number | null;
  isPremium: boolean;
}

export interface LinkView {
  id: string;
  title: string;
  url: string;
  clicks: number;
  isActive: boolean;
  order: number;
  createdAt: string;
}

export interface PublicLinkView {
  id: string;
  title: string;
  url: string;
  order: number;
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

export interface ApiError {
  statusCode: number;
  message: string;
  errors?: string[];
}
