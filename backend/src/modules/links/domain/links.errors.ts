import { Messages } from '@linkbio/shared-contracts';
import { invalid, notFound } from '../../../shared/domain-error.js';

export const linkNotFound = () => notFound(Messages.linkNotFound);
export const badOrder = () => invalid(Messages.orderIds);
