import type { Id } from '../../../shared/ids.js';
import type { UserRepository } from '../../identity/application/ports/user.repository.js';
import { AccountErasure, type ErasedAccount, type Erasure } from '../application/ports/account-erasure.js';

/** AccountErasure over identity's in-memory users: the row becomes the tombstone; holds and unpaid cents in maps. */
export class InMemoryAccountErasure extends AccountErasure {
  /** Unpaid earnings per account, integer cents (what the ledger would sum). */
  readonly unpaid = new Map<Id, number>();
  /** The holds deletions left: lowercase name → account and end. */
  readonly holds = new Map<string, { userId: Id; heldUntil: Date }>();
  /** Accounts whose links were removed. */
  readonly linksRemoved: Id[] = [];
  /** The thumbnails of each account's links (what the links table would hold). */
  readonly linkThumbnails = new Map<Id, string[]>();

  constructor(private readonly users: UserRepository) {
    super();
  }

  async unpaidCents(userId: Id): Promise<number> {
    return this.unpaid.get(userId) ?? 0;
  }

  async erase(userId: Id, { tombstone, heldUntil, now }: Erasure): Promise<ErasedAccount | null> {
    let erased: ErasedAccount | null = null;
    await this.users.change(userId, (user) => {
      if (user.deletedAt) return;
      erased = {
        avatar: user.avatar,
        backgroundImage: user.backgroundImage,
        shareImage: user.seoImage,
        linkThumbnails: this.linkThumbnails.get(userId) ?? [],
      };
      this.holds.set(user.username.toLowerCase(), { userId, heldUntil });
      Object.assign(user, {
        ...tombstone,
        passwordHash: '',
        bio: null,
        avatar: null,
        backgroundColor: null,
        backgroundImage: null,
        socials: [],
        seoTitle: null,
        seoDescription: null,
        seoImage: null,
        buttonColor: null,
        buttonTextColor: null,
        paypalEmail: null,
        cashappHandle: null,
        enableBooking: false,
        bookingPrice: null,
        isPremium: false,
        deletedAt: now,
        updatedAt: now,
      });
    });
    if (erased) this.linksRemoved.push(userId);
    return erased;
  }
}
