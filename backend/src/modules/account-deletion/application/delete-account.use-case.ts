import { Injectable, Logger } from '@nestjs/common';
import type { DeletionPreview } from '@linkbio/shared-contracts';
import { Clock } from '../../../shared/clock.js';
import type { Id } from '../../../shared/ids.js';
import { AccountSessions } from '../../identity/application/ports/account-sessions.js';
import { AttemptLimiter } from '../../identity/application/ports/attempt-limiter.js';
import { PasswordHasher } from '../../identity/application/ports/password-hasher.js';
import { UserRepository } from '../../identity/application/ports/user.repository.js';
import { userNotFound } from '../../identity/domain/identity.errors.js';
import { ObjectStorage } from '../../media/application/ports/object-storage.js';
import {
  deletedNameHeldUntil,
  deletionPasswordWrong,
  tombstoneOf,
  unpaidEarningsNotAcknowledged,
} from '../domain/account-deletion.js';
import { AccountErasure, type ErasedAccount } from './ports/account-erasure.js';
import { PremiumCancellation } from './ports/premium-cancellation.js';

export interface DeleteAccountCommand {
  userId: Id;
  ip: string;
  password: string;
  acknowledgeUnpaidEarnings?: boolean;
  /** The origin the request came to (the local object store's addresses are relative to it). */
  origin: string;
}

/**
 * A signed-in creator deletes their account (issue 14). The password is checked first, counted as a password
 * change's is (per account and per address); earnings not paid out yet must be given up knowingly. Then, in
 * this order, so that a failure leaves an account that can simply be deleted again: Premium is cancelled at
 * the provider (idempotent), the account's data is erased in one transaction, every session ends on every API
 * process, and its images are deleted from the object store (best effort, logged when it fails).
 */
@Injectable()
export class DeleteAccountUseCase {
  private readonly logger = new Logger('AccountDeletion');

  constructor(
    private readonly users: UserRepository,
    private readonly hasher: PasswordHasher,
    private readonly limiter: AttemptLimiter,
    private readonly sessions: AccountSessions,
    private readonly premium: PremiumCancellation,
    private readonly erasure: AccountErasure,
    private readonly storage: ObjectStorage,
    private readonly clock: Clock,
  ) {}

  async preview(userId: Id): Promise<DeletionPreview> {
    const user = await this.users.readById(userId);
    if (!user || user.deletedAt) throw userNotFound();
    return { unpaidCents: await this.erasure.unpaidCents(userId), premium: user.isPremium };
  }

  async execute(command: DeleteAccountCommand): Promise<void> {
    const user = await this.users.readById(command.userId);
    if (!user || user.deletedAt) throw userNotFound();
    const attempt = { action: 'password_change' as const, ip: command.ip, email: user.email };
    await this.limiter.consume(attempt);
    if (!(await this.hasher.verify(user.passwordHash, command.password))) throw deletionPasswordWrong();
    await this.limiter.succeeded(attempt);

    const unpaid = await this.erasure.unpaidCents(user.id);
    if (unpaid > 0 && command.acknowledgeUnpaidEarnings !== true) throw unpaidEarningsNotAcknowledged(unpaid);

    await this.premium.cancelNow(user.id);
    const now = this.clock.now();
    const erased = await this.erasure.erase(user.id, { tombstone: tombstoneOf(user.id), heldUntil: deletedNameHeldUntil(now), now });
    if (!erased) throw userNotFound();
    await this.sessions.endAllOf(user.id, null);
    await this.deleteImages(user.id, erased, command.origin);
  }

  private async deleteImages(userId: Id, erased: ErasedAccount, origin: string): Promise<void> {
    const ownKeys = `users/${userId.toLowerCase()}/`;
    const imageKeys = [erased.avatar, erased.backgroundImage, erased.shareImage, ...erased.linkThumbnails].map((url) =>
      url ? this.storage.keyFromURL(url, origin) : null,
    );
    // The products' covers (users/…) and files (files/…), by their keys (issue 27).
    const productKeys = (erased.productObjects ?? []).filter((key) => key.startsWith(`files/${userId.toLowerCase()}/`) || key.startsWith(ownKeys));
    const ownImages = imageKeys.filter((key): key is string => key !== null && key.startsWith(ownKeys));
    for (const key of [...ownImages, ...productKeys]) {
      try {
        await this.storage.delete(key);
      } catch (error) {
        this.logger.warn(`Could not delete image ${key} of deleted account ${userId}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }
}
