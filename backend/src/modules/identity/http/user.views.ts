import type { PublicUserView, UserView } from '@linkbio/shared-contracts';
import type { User } from '../domain/user.js';

/** The creator's own view: the look as saved, Premium's parts included while they are not premium. */
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
    buttonColor: user.buttonColor,
    buttonTextColor: user.buttonTextColor,
    buttonShape: user.buttonShape,
    paypalEmail: user.paypalEmail,
    cashappHandle: user.cashappHandle,
    enableBooking: user.enableBooking,
    bookingPrice: user.bookingPrice,
    isPremium: user.isPremium,
    emailVerified: user.emailVerifiedAt !== null,
    createdAt: user.createdAt.toISOString(),
    ...pageDetails(user),
  };
}

/** What visitors see: the look the page shows (User.publicLook), not every value saved. */
export function toPublicUserView(user: User): PublicUserView {
  const look = user.publicLook();
  return {
    username: user.username,
    displayName: user.displayName,
    bio: user.bio,
    avatar: user.avatar,
    theme: user.theme,
    backgroundColor: look.backgroundColor,
    backgroundImage: user.backgroundImage,
    buttonColor: look.buttonColor,
    buttonTextColor: look.buttonTextColor,
    buttonShape: look.buttonShape,
    enableBooking: user.enableBooking,
    bookingPrice: user.bookingPrice,
    isPremium: user.isPremium,
    ...pageDetails(user),
  };
}

/** Social icons and the search and share preview (issue 26): the same in both views. */
function pageDetails(user: User): Pick<PublicUserView, 'socials' | 'socialsPosition' | 'seo'> {
  return {
    socials: user.socials ?? [],
    socialsPosition: user.socialsPosition ?? 'top',
    seo: { title: user.seoTitle ?? null, description: user.seoDescription ?? null, image: user.seoImage ?? null },
  };
}
