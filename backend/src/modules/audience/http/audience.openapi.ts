import type {
  BroadcastResponse,
  BroadcastsResponse,
  BroadcastView,
  SubscribeBlockView,
  SubscriberView,
  SubscribersPage,
  SubscribeResponse,
} from '@linkbio/shared-contracts';
import { arrayOf, boolean, component, dateTime, integer, nullable, objectOf, oneOfValues, string, uuid } from '../../../shared/http/openapi/schema.js';

/** The e-mail list's answers, for the API description. */
export const SubscribeAnswer = component('SubscribeResponse', objectOf<SubscribeResponse>()({ message: string }));

const Settings = component('SubscribeBlockView', objectOf<SubscribeBlockView>()({ enabled: boolean, title: nullable(string) }));
export const SubscribeSettings = Settings;

const Subscriber = component(
  'SubscriberView',
  objectOf<SubscriberView>()({
    id: uuid,
    email: string,
    status: oneOfValues(['pending', 'confirmed', 'unsubscribed']),
    source: oneOfValues(['page', 'checkout']),
    createdAt: dateTime,
    confirmedAt: nullable(dateTime),
    unsubscribedAt: nullable(dateTime),
  }),
);

export const Subscribers = component(
  'SubscribersPage',
  objectOf<SubscribersPage>()({ subscribers: arrayOf(Subscriber), confirmedCount: integer, nextCursor: nullable(string), settings: Settings }),
);

const Broadcast = component(
  'BroadcastView',
  objectOf<BroadcastView>()({
    id: uuid,
    subject: string,
    status: oneOfValues(['sending', 'sent']),
    recipientCount: integer,
    sentCount: integer,
    createdAt: dateTime,
  }),
);

export const BroadcastAnswer = component('BroadcastResponse', objectOf<BroadcastResponse>()({ broadcast: Broadcast }));
export const Broadcasts = component('BroadcastsResponse', objectOf<BroadcastsResponse>()({ broadcasts: arrayOf(Broadcast) }));
