/** The e-mail confirmation state a signed-in creator's view carries (absent before the API sends it). */
export interface WithEmailStatus {
  email: string;
  emailVerified?: boolean;
}

/** Only an explicit `false` counts as unconfirmed: an answer without the field is treated as confirmed. */
export const isEmailUnverified = (user: WithEmailStatus) => user.emailVerified === false;
