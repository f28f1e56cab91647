export const SESSION_COOKIE = 'linkbio.sid';
