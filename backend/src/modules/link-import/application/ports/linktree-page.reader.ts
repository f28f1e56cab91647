/**
 * Reads a public Linktree profile page (https://linktr.ee/<name>) as HTML text. Refuses with a domain error a
 * page that is missing (404), larger than allowed, slow, or that redirects anywhere but linktr.ee itself.
 */
export abstract class LinktreePageReader {
  abstract read(name: string): Promise<string>;
}
