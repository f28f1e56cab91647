import { LINK_BLOCK_KINDS, type ClickResponse, type PublicLinkView, type PublicProfileResponse, type PublicUserView } from '@linkbio/shared-contracts';
import { arrayOf, component, integer, nullable, objectOf, oneOfValues, string, uuid } from '../../../shared/http/openapi/schema.js';
import { publicUserFields } from '../../identity/http/identity.openapi.js';

/** The public answers' JSON shapes, for the API description (the responder makes them). */
const PublicUser = component('PublicUserView', objectOf<PublicUserView>()(publicUserFields));

const PublicLink = component('PublicLinkView', objectOf<PublicLinkView>()({
    id: uuid,
    kind: oneOfValues(LINK_BLOCK_KINDS),
    title: string,
    url: string,
    order: integer,
    thumbnail: nullable(string),
  }),
);

export const PublicProfile = component(
  'PublicProfileResponse',
  objectOf<PublicProfileResponse>()({ user: PublicUser, links: arrayOf(PublicLink) }),
);

export const Click = component('ClickResponse', objectOf<ClickResponse>()({ url: string }));
