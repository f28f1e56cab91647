import type { PublicUserView, UserView } from '@linkbio/shared-contracts';
import type { User } from '../domain/user.js';

export function toUserView(user: User): UserView {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    displayName: user.displayName,
    bio: user.bio,
    avatar: user.avatar,
    theme: user.theme,
    backgroundColor: user.backgroundColor,
    backgroundImage: user.backgroundImage,
    paypalEmail: user.paypalEmail,
    cashappHandle: user.cashappHandle,
    enableBooking: user.enableBooking,
    bookingPrice: user.bookingPrice,
    isPremium: user.isPremium,
    createdAt: user.createdAt.toISOString(),
  };
}

export function toPublicUserView(user: User): PublicUserView {
  return {
    username: user.username,
    displayName: user.displayName,
    bio: user.bio,
    avatar: user.avatar,
    theme: user.theme,
    backgroundColor: user.backgroundColor,
    backgroundImage: user.backgroundImage,
    enableBooking: user.enableBooking,
    bookingPrice: user.bookingPrice,
    isPremium: user.isPremium,
  };
}
