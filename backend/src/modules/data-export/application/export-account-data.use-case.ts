import { Injectable } from '@nestjs/common';
import { Messages, type AccountExport } from '@linkbio/shared-contracts';
import { Clock } from '../../../shared/clock.js';
import { DomainError, notFound } from '../../../shared/domain-error.js';
import type { Id } from '../../../shared/ids.js';
import { AccountDataSource } from './ports/account-data.source.js';
import { ExportRateLimit } from './ports/export-rate-limit.js';

/** The signed-in creator's own data, all of it, for them to download (GDPR art. 15 and 20). */
@Injectable()
export class ExportAccountDataUseCase {
  constructor(
    private readonly source: AccountDataSource,
    private readonly rateLimit: ExportRateLimit,
    private readonly clock: Clock,
  ) {}

  async execute(accountId: Id): Promise<AccountExport> {
    const wait = await this.rateLimit.consume(accountId);
    if (wait !== null) {
      throw new DomainError('too_many', Messages.tooManyAttempts(Math.ceil(wait / 60)), { retryAfterSeconds: wait });
    }
    const data = await this.source.collect(accountId, this.clock.now());
    if (!data) throw notFound(Messages.userNotFound);
    return data;
  }
}
