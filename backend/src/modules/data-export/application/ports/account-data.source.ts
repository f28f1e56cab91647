import type { AccountExport } from '@linkbio/shared-contracts';
import type { Id } from '../../../../shared/ids.js';

/** Everything kept about one account, read as of one moment; null for an account that does not exist. */
export abstract class AccountDataSource {
  abstract collect(accountId: Id, now: Date): Promise<AccountExport | null>;
}
