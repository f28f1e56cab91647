/** The public app's built server entry (a module), or null when the public app is not built. */
export const PUBLIC_APP_BUILD = Symbol('PUBLIC_APP_BUILD');
export const PUBLIC_PAGES_POOL = Symbol('PUBLIC_PAGES_POOL');
