import { LinkImportMessages } from '@linkbio/shared-contracts';
import { invalid, notFound, unavailable } from '../../../shared/domain-error.js';
import { LinktreePageReader } from '../application/ports/linktree-page.reader.js';

export const LINKTREE_ORIGIN = 'https://linktr.ee';

export interface LinktreeReaderLimits {
  /** The whole read, connecting included, in milliseconds. */
  timeoutMs: number;
  /** The most bytes read of a page; reading stops past it. */
  maxBytes: number;
  /** The most redirects followed, each only within the origin. */
  maxRedirects: number;
}

const DEFAULT_LIMITS: LinktreeReaderLimits = { timeoutMs: 5000, maxBytes: 2 * 1024 * 1024, maxRedirects: 2 };

/** How this server names itself to Linktree: plainly, no browser's disguise. */
const USER_AGENT = 'Linkbio-LinkImport/1.0 (reads one public profile page at its owner\'s request)';

/**
 * Reads https://linktr.ee/<name> with fetch: no cookies sent or kept, a plain User-Agent, at most two
 * redirects and only to the same origin (anything else refused, never followed), the whole read within 5 s,
 * and at most 2 MB read (the body's stream cancelled past it). The origin is a constructor argument so the
 * integration specs can put a local server in linktr.ee's place.
 */
export class HttpLinktreePageReader extends LinktreePageReader {
  private readonly origin: URL;

  constructor(
    origin: string = LINKTREE_ORIGIN,
    private readonly limits: LinktreeReaderLimits = DEFAULT_LIMITS,
  ) {
    super();
    this.origin = new URL(origin);
  }

  async read(name: string): Promise<string> {
    const signal = AbortSignal.timeout(this.limits.timeoutMs);
    try {
      let url = new URL(`/${encodeURIComponent(name)}`, this.origin);
      for (let redirects = 0; ; redirects += 1) {
        const response = await fetch(url, {
          redirect: 'manual',
          credentials: 'omit',
          signal,
          headers: { 'user-agent': USER_AGENT, accept: 'text/html' },
        });
        if (response.status >= 300 && response.status < 400) {
          await response.body?.cancel();
          url = this.sameOriginTarget(url, response.headers.get('location'), redirects);
          continue;
        }
        if (response.status === 404 || response.status === 410) {
          await response.body?.cancel();
          throw notFound(LinkImportMessages.linktreeNotFound(name));
        }
        if (!response.ok) {
          await response.body?.cancel();
          throw unavailable(LinkImportMessages.linktreeUnavailable);
        }
        return await this.text(response);
      }
    } catch (error) {
      if (signal.aborted) throw unavailable(LinkImportMessages.linktreeTimeout);
      // fetch's own failure (no connection, a reset): a TypeError 'fetch failed' with the cause (told by its
      // name, not instanceof: it may come from another realm than this module's).
      const { name, message } = (error ?? {}) as { name?: unknown; message?: unknown };
      if (name === 'TypeError' && message === 'fetch failed') {
        throw unavailable(LinkImportMessages.linktreeUnavailable);
      }
      throw error;
    }
  }

  /** Where a redirect leads, when it stays on the origin and within the limit; refused otherwise. */
  private sameOriginTarget(from: URL, location: string | null, followed: number): URL {
    let target: URL;
    try {
      target = new URL(location ?? '', from);
    } catch {
      throw invalid(LinkImportMessages.linktreeElsewhere);
    }
    if (location === null || target.origin !== this.origin.origin || followed >= this.limits.maxRedirects) {
      throw invalid(LinkImportMessages.linktreeElsewhere);
    }
    return target;
  }

  /** The body as UTF-8 text, read chunk by chunk and given up on (the stream cancelled) past maxBytes. */
  private async text(response: Response): Promise<string> {
    const declared = Number(response.headers.get('content-length') ?? NaN);
    if (declared > this.limits.maxBytes) {
      await response.body?.cancel();
      throw invalid(LinkImportMessages.linktreeTooLarge);
    }
    if (!response.body) return '';
    const reader = response.body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > this.limits.maxBytes) {
        await reader.cancel();
        throw invalid(LinkImportMessages.linktreeTooLarge);
      }
      chunks.push(value);
    }
    return new TextDecoder('utf-8').decode(Buffer.concat(chunks));
  }
}
