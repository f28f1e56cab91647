import type { UploadParametersResponse } from '@linkbio/shared-contracts';
import { arrayOf, component, integer, object, objectOf, optional, string } from '../../../shared/http/openapi/schema.js';

/** The upload call's answer, for the API description. */
export const UploadParameters = component(
  'UploadParametersResponse',
  objectOf<UploadParametersResponse>()({
    uploadURL: { ...string, description: 'A single-use URL to PUT the file to.' },
    multipart: optional(object({ uploadId: string, partSize: integer, partURLs: arrayOf(string) })),
  }),
);
