import type { DeletionPreview as DeletionPreviewContract } from '@linkbio/shared-contracts';
import { boolean, component, integer, objectOf } from '../../../shared/http/openapi/schema.js';

/** GET /api/users/me/deletion's answer, for the API description. */
export const DeletionPreviewSchema = component(
  'DeletionPreview',
  objectOf<DeletionPreviewContract>()({ unpaidCents: { ...integer, description: 'Integer cents earned and not yet paid out.' }, premium: boolean }),
);
