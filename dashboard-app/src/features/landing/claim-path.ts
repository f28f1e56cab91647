/** Where the claim box sends the visitor: the sign-up form, with the username when there is one (spec §2, §5). */
export function claimPath(username: string): string {
  const value = username.trim();
  return value ? `/auth?username=${encodeURIComponent(value)}` : '/auth';
}
