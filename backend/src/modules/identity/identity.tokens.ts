/** The express-session store every API process shares (Redis or PostgreSQL), as create-app.ts mounts it. */
export const SESSION_STORE = Symbol('SESSION_STORE');
