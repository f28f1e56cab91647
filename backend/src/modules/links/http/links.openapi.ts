import { LINK_BLOCK_KINDS, type LinkView as LinkViewContract } from '@linkbio/shared-contracts';
import { arrayOf, boolean, component, dateTime, integer, nullable, objectOf, oneOfValues, string, uuid } from '../../../shared/http/openapi/schema.js';

/** The shape of a creator's link as the links calls answer it (toLinkView). */
export const LinkViewSchema = component(
  'LinkView',
  objectOf<LinkViewContract>()({
    id: uuid,
    kind: oneOfValues(LINK_BLOCK_KINDS),
    title: string,
    url: string,
    clicks: integer,
    isActive: boolean,
    order: integer,
    startsAt: nullable(dateTime),
    endsAt: nullable(dateTime),
    createdAt: dateTime,
    thumbnail: nullable(string),
  }),
);

export const LinkList = arrayOf(LinkViewSchema);
