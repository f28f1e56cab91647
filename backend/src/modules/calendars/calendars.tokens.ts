/** The SecretSealer for calendar app passwords (purpose 'calendar password', keys from SESSION_SECRET). */
export const CALENDAR_PASSWORD_SEALER = Symbol('CALENDAR_PASSWORD_SEALER');
