import { Injectable } from '@nestjs/common';
import { parseDollarsToCents, Messages } from '@linkbio/shared-contracts';
import { Clock } from '../../../shared/clock.js';
import { invalid } from '../../../shared/domain-error.js';
import type { Id } from '../../../shared/ids.js';
import { userNotFound } from '../domain/identity.errors.js';
import type { TemplateChange, User } from '../domain/user.js';
import { UserRepository } from './ports/user.repository.js';

/** Loads the creator, applies one change of their settings and saves it. */
@Injectable()
export class UpdateSettingsUseCase {
  constructor(
    private readonly users: UserRepository,
    private readonly clock: Clock,
  ) {}

  /** The display name and bio (PUT /api/users/profile); the page shows them on its next request. */
  profile(userId: Id, change: { displayName: string; bio?: string | null }) {
    return this.apply(userId, (user) => user.changeProfile(change));
  }

  template(userId: Id, change: TemplateChange) {
    return this.apply(userId, (user) => user.changeTemplate(change));
  }

  payoutSettings(userId: Id, change: { paypalEmail?: string | null; cashappHandle?: string | null }) {
    return this.apply(userId, (user) => user.changePayoutSettings(change));
  }

  /** The row of social icons, replaced whole (PUT /api/users/socials). */
  socials(userId: Id, list: unknown, position?: unknown) {
    return this.apply(userId, (user) => user.changeSocials(list, position));
  }

  /** The search and share preview (PUT /api/users/seo). */
  seo(userId: Id, change: { title?: string | null; description?: string | null; image?: string | null }) {
    return this.apply(userId, (user) => user.changeSeo(change));
  }

  /** @param bookingPrice a dollar string such as "25" or "25.50"; empty or null clears it */
  async bookingSettings(userId: Id, enableBooking: boolean, bookingPrice: string | null | undefined): Promise<User> {
    let cents: number | null | undefined = undefined;
    if (bookingPrice === null || bookingPrice === '') cents = null;
    else if (bookingPrice !== undefined) {
      cents = parseDollarsToCents(bookingPrice);
      if (cents === null) throw invalid(Messages.invalidBookingPrice);
    }
    return this.apply(userId, (user) => user.changeBookingSettings(enableBooking, cents));
  }

  private async apply(userId: Id, change: (user: User) => void): Promise<User> {
    const user = await this.users.change(userId, (stored) => {
      change(stored);
      stored.updatedAt = this.clock.now();
    });
    if (!user) throw userNotFound();
    return user;
  }
}
