import type { SupportRequestStatus } from '@linkbio/shared-contracts';
import type { Id } from '../../../../shared/ids.js';
import type { SupportRequest } from '../../domain/support-request.js';

/** A request with who sent it, for the operators. */
export interface SupportRequestWithCreator extends SupportRequest {
  username: string;
  email: string;
}

export interface OperatorSupportFilter {
  status?: SupportRequestStatus;
  ids?: Id[];
}

/** Support requests. Calls join the current transaction (see Transactions). */
export abstract class SupportRequestStore {
  abstract insert(request: SupportRequest): Promise<void>;
  /** The request, locked until the transaction ends; null when there is none with that id. */
  abstract lock(id: Id): Promise<SupportRequest | null>;
  /** Saves the request's status and closing time. */
  abstract save(request: SupportRequest): Promise<void>;
  /** A creator's own requests, newest first. */
  abstract listForCreator(creatorId: Id): Promise<SupportRequest[]>;
  /** Everyone's requests in the operators' order: open first, then priority, then oldest (see operatorOrder). */
  abstract listForOperators(filter: OperatorSupportFilter): Promise<SupportRequestWithCreator[]>;
}
