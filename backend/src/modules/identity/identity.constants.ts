export const SESSION_COOKIE = 'linkbio.sid';
/** A session ends after thirty days without a request (the cookie rolls, the store's expiry moves with it). */
export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
/** The device cookie: a browser that signed in to an account before (see http/device-cookie.ts). */
export const DEVICE_COOKIE = 'linkbio.device';
