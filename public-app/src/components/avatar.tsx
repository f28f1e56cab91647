import type { PublicUserView } from '@linkbio/shared-contracts';
import { safeImageUrl } from '../lib/urls';
import { UserIcon } from './icons';

/** The uppercased first letter of the display name (spec §2), whole even when it is an emoji or accented. */
export function initialOf(displayName: string): string {
  const first = [...displayName.trim()][0];
  return first ? first.toLocaleUpperCase('en') : '';
}

/**
 * The creator's picture; without one, the initial; without a usable name, a default icon. Decorative: the
 * display name is the heading right below it. Width and height are fixed so nothing moves when it loads.
 */
export function Avatar({ user, origin, size = 96 }: { user: PublicUserView; origin: string; size?: number }) {
  const src = safeImageUrl(user.avatar, origin);
  if (src) {
    return <img className="avatar" src={src} width={size} height={size} alt="" decoding="async" fetchPriority="high" />;
  }
  const initial = initialOf(user.displayName);
  return (
    <span className="avatar avatar-initial" aria-hidden="true">
      {initial || <UserIcon />}
    </span>
  );
}
