import {
  BUTTON_SHAPES,
  SOCIAL_PLATFORMS,
  SOCIAL_POSITIONS,
  THEMES,
  type RecoveryCodesView,
  type SessionsView,
  type SessionProbeView,
  type TwoFactorRequiredView,
  type TwoFactorSetupView,
  type TwoFactorStatusView,
  type UserView as UserViewContract,
} from '@linkbio/shared-contracts';
import {
  arrayOf,
  boolean,
  component,
  constant,
  dateTime,
  integer,
  nullable,
  object,
  objectOf,
  oneOfValues,
  string,
  uuid,
} from '../../../shared/http/openapi/schema.js';

/** What anyone may see of a creator (PublicUserView), which their own view (UserView) holds too. */
export const publicUserFields = {
  username: string,
  displayName: string,
  bio: nullable(string),
  avatar: nullable(string),
  theme: oneOfValues(THEMES),
  backgroundColor: nullable(string),
  backgroundImage: nullable(string),
  buttonColor: nullable(string),
  buttonTextColor: nullable(string),
  buttonShape: oneOfValues(BUTTON_SHAPES),
  enableBooking: boolean,
  bookingPrice: { ...nullable(integer), description: 'Integer cents.' },
  isPremium: boolean,
  socials: arrayOf(object({ platform: oneOfValues(SOCIAL_PLATFORMS), url: string })),
  socialsPosition: oneOfValues(SOCIAL_POSITIONS),
  seo: object({ title: nullable(string), description: nullable(string), image: nullable(string) }),
};

/** The shapes of identity's answers, for the API description (user.views.ts makes them). */
export const UserViewSchema = component(
  'UserView',
  objectOf<UserViewContract>()({
    ...publicUserFields,
    id: uuid,
    email: string,
    paypalEmail: nullable(string),
    cashappHandle: nullable(string),
    emailVerified: boolean,
    createdAt: dateTime,
  }),
);

/** GET /api/auth/session: the signed-in creator, or null for a visitor. */
export const SessionProbeSchema = component('SessionProbeView', objectOf<SessionProbeView>()({ user: nullable(UserViewSchema) }));

/** `{ user }`: what the settings calls answer. */
export const UserEnvelope = component('UserEnvelope', object({ user: UserViewSchema }));

export const RenamedUser = component('RenamedUser', object({ user: UserViewSchema, message: string }));

export const TwoFactorRequired = component(
  'TwoFactorRequiredView',
  objectOf<TwoFactorRequiredView>()({ twoFactorRequired: constant(true) }),
);

export const Sessions = component(
  'SessionsView',
  objectOf<SessionsView>()({
    sessions: arrayOf(object({ id: string, browser: string, signedInAt: dateTime, lastSeenAt: dateTime, current: boolean })),
  }),
);

export const TwoFactorStatus = component(
  'TwoFactorStatusView',
  objectOf<TwoFactorStatusView>()({ enabled: boolean, recoveryCodesLeft: integer }),
);

export const TwoFactorSetup = component(
  'TwoFactorSetupView',
  objectOf<TwoFactorSetupView>()({ secret: string, otpauthUrl: string, qrCodeSvg: string }),
);

export const RecoveryCodes = component(
  'RecoveryCodesView',
  objectOf<RecoveryCodesView>()({ message: string, recoveryCodes: arrayOf(string) }),
);
