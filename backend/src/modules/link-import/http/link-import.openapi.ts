import type { LinkImportPreviewView, LinkImportRowView } from '@linkbio/shared-contracts';
import { arrayOf, component, integer, nullable, objectOf, oneOfValues, string } from '../../../shared/http/openapi/schema.js';

const LinkImportRow = component(
  'LinkImportRow',
  objectOf<LinkImportRowView>()({
    title: string,
    url: string,
    outcome: oneOfValues(['add', 'skip', 'over-limit']),
    reason: nullable(string),
  }),
);

/** POST /api/imports/preview's answer. */
export const LinkImportPreview = component(
  'LinkImportPreview',
  objectOf<LinkImportPreviewView>()({
    rows: arrayOf(LinkImportRow),
    limit: nullable(integer),
    existing: integer,
    room: nullable(integer),
  }),
);
