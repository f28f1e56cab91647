import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Inject, Injectable } from '@nestjs/common';
import { attributionQuery, type Attribution, type PublicLinkView } from '@linkbio/shared-contracts';
import { encodeUrl } from 'encodeurl';
import type { Env } from '../../../config/env.js';
import { DomainError } from '../../../shared/domain-error.js';
import type { Id } from '../../../shared/ids.js';
import { ENV } from '../../../shared/infrastructure/infrastructure.tokens.js';
import { clickSource, visitSource, visitorFrom } from '../../analytics/http/visitor.js';
import { FollowLinkUseCase } from '../application/follow-link.use-case.js';
import { PublicPageRenderer } from '../application/ports/public-page.renderer.js';
import { ViewPublicPageUseCase } from '../application/view-public-page.use-case.js';
import { OpenSlots } from '../../scheduling/application/ports/open-slots.js';
import { SessionTypeCatalog } from '../../session-types/application/ports/session-type-catalog.js';
import { bookingPageChoice, type BookingPageChoice } from './booking-page.js';
import type { PageLink, PublicPage } from '../domain/public-page.js';
import { BodiesOf, EncodedBody, RecentBodiesOf } from './encoded-body.js';
import { answerJsonError, bookedNotice, askedTipAmount, redirect, retryAfter, send, sendJson } from './page-answers.js';
import { originOf } from './page-origin.js';
import { carriedAttribution } from './visit-attribution.js';

const HTML = 'text/html; charset=utf-8';
const JSON_TYPE = 'application/json; charset=utf-8';
/** The pages rendered with a visit's attribution in their links kept at once, over all creators, and their bytes. */
const ATTRIBUTED_PAGES_KEPT = 500;
const ATTRIBUTED_BYTES_KEPT = 16 * 1024 * 1024;

/** The request as the public pages need it: Express's or Node's own, with the scheme it came over. */
export interface PageRequest {
  request: IncomingMessage;
  protocol: string;
  /** The visitor's address as Express's req.ip reads it (a trusted proxy's X-Forwarded-For): for the counters only. */
  address: string | undefined;
  /** The signed-in creator looking, if any (their views are not counted). */
  viewerId: Id | null;
  /** Headers the answer must carry besides its own (the security headers, when Express did not set them). */
  headers: readonly string[];
}

const toPublicLink = (link: PageLink): PublicLinkView => ({
  id: link.id,
  kind: link.kind,
  title: link.title,
  url: link.url,
  order: link.order,
  thumbnail: link.thumbnail,
});

/** A short digest of the session types offered and the one chosen: a booking page variant per choice. */
const fingerprintOf = (choice: BookingPageChoice): string =>
  createHash('sha256').update(JSON.stringify([choice.sessionTypeId, choice.sessionTypes])).digest('base64url').slice(0, 22);

/**
 * Answers the visitors' hot paths on Node's own request and response, so the same code serves them before
 * Express (public-fast-path.ts) and behind it (signed-in creators, through PublicPagesController). Pages are
 * rendered once per page version and variant, kept with their compressed bytes and ETag; a conditional GET
 * whose ETag matches gets 304 (and still counts as a visit).
 */
@Injectable()
export class PublicPageResponder {
  private readonly pageBodies = new BodiesOf<PublicPage>();
  /** Pages whose links carry a visit's attribution: visitors choose those values, so only the recent ones are kept. */
  private readonly attributedBodies = new RecentBodiesOf<PublicPage>(ATTRIBUTED_PAGES_KEPT, ATTRIBUTED_BYTES_KEPT);
  private readonly fixedPages = new Map<string, EncodedBody>();

  constructor(
    private readonly view: ViewPublicPageUseCase,
    private readonly follow: FollowLinkUseCase,
    private readonly renderer: PublicPageRenderer,
    private readonly openSlots: OpenSlots,
    private readonly catalog: SessionTypeCatalog,
    @Inject(ENV) private readonly env: Env,
  ) {
    this.publicHost = env.PUBLIC_URL ? hostOf(env.PUBLIC_URL) : undefined;
  }

  /** The host of PUBLIC_URL: a referrer there is the product itself, no source of visits. */
  private readonly publicHost: string | undefined;

  /**
   * /{username} (lowercase already) with `?booked=true` (or `?booked=refunding`) shown as the banner. A username
   * its owner gave up lately answers 301 to their current one, with the query, and counts no view.
   */
  async bio({ request, protocol, address, viewerId, headers }: PageRequest, response: ServerResponse, username: string): Promise<void> {
    const origin = this.origin(request, protocol);
    // Where the visit came from: counted with the view, and carried on in the page's links.
    const attribution = this.sourceOf(request, visitSource);
    const visitor = this.visitorOf(request, address, attribution);
    await this.answerPage(request, response, origin, headers, async () => {
      const { page, links, movedTo } = await this.view.execute(username, visitor && { ...visitor, viewerId });
      if (movedTo !== null) return { location: `/${movedTo}` };
      const booked = bookedNotice(request.url ?? '');
      const variant = `${origin}|${booked ?? ''}|${links === page.links ? '*' : links.map((link) => link.id).join(',')}`;
      const render = () =>
        new EncodedBody(
          this.renderer.bioPage({
            origin,
            user: page.user,
            links: links.map(toPublicLink),
            booked,
            tips: page.tips,
            products: [...(page.products ?? [])],
            subscribe: page.subscribe ?? null,
            attribution,
          }),
          HTML,
        );
      return this.pageBody(page, variant, attribution, render);
    });
  }

  /**
   * /book/{username}: the booking page, which is no visit of the bio page (a former username: 301 as bio). When
   * the creator takes sessions at set times, its first step lists a week of open times (`?from=`, `?tz=`) of the
   * session type chosen (`?type=`), read fresh on every request; otherwise the page is kept per page version and
   * session types offered (they change without a new page version).
   */
  async booking({ request, protocol, headers }: PageRequest, response: ServerResponse, username: string): Promise<void> {
    const origin = this.origin(request, protocol);
    await this.answerPage(request, response, origin, headers, async () => {
      const { page, movedTo } = await this.view.execute(username, null);
      if (movedTo !== null) return { location: `/book/${movedTo}` };
      const choice = await bookingPageChoice(this.catalog, this.openSlots, page, request.url ?? '', request.headers['accept-language']);
      const attribution = carriedAttribution(request);
      const model = { origin, user: page.user, offersList: page.subscribe != null, ...choice, attribution };
      if (choice.times) return new EncodedBody(this.renderer.bookingPage(model), HTML);
      return this.pageBody(page, `${origin}|booking|${fingerprintOf(choice)}`, attribution, () => new EncodedBody(this.renderer.bookingPage(model), HTML));
    });
  }

  /**
   * /tip/{username}?amount=500: the tip form (no visit of the bio page; a former username: 301 as bio), kept per
   * page version and asked amount.
   */
  async tip({ request, protocol, headers }: PageRequest, response: ServerResponse, username: string): Promise<void> {
    const origin = this.origin(request, protocol);
    await this.answerPage(request, response, origin, headers, async () => {
      const { page, movedTo } = await this.view.execute(username, null);
      if (movedTo !== null) return { location: `/tip/${movedTo}` };
      const amountCents = askedTipAmount(request.url ?? '');
      const attribution = carriedAttribution(request);
      return this.pageBody(page, `${origin}|tip|${amountCents ?? ''}`, attribution, () =>
        new EncodedBody(
          this.renderer.tipPage({ origin, user: page.user, tips: page.tips, amountCents, offersList: page.subscribe != null, attribution }),
          HTML,
        ),
      );
    });
  }

  /**
   * /{username}/products/{productId} (issue 27): a product that can be sold, kept per page version; a hidden,
   * deleted, unknown or someone else's product gets the product 404 page (a former username: 301 as bio).
   */
  async product({ request, protocol, headers }: PageRequest, response: ServerResponse, username: string, productId: Id): Promise<void> {
    const origin = this.origin(request, protocol);
    await this.answerPage(request, response, origin, headers, async () => {
      const { page, movedTo } = await this.view.execute(username, null);
      if (movedTo !== null) return { location: `/${movedTo}/products/${productId}` };
      const product = page.products?.find((candidate) => candidate.id === productId.toLowerCase());
      if (!product) {
        return { notFound: this.fixedPage(`product|${origin}`, () => this.renderer.productNotFoundPage({ origin })) };
      }
      const attribution = carriedAttribution(request);
      return this.pageBody(page, `${origin}|product|${product.id}`, attribution, () =>
        new EncodedBody(this.renderer.productPage({ origin, user: page.user, product, offersList: page.subscribe != null, attribution }), HTML),
      );
    });
  }

  /** /go/{id}: counts the click and redirects (302); a link that is off or unknown gets the 404 page. */
  async go({ request, protocol, address, headers }: PageRequest, response: ServerResponse, linkId: Id): Promise<void> {
    try {
      const url = await this.follow.execute(linkId, this.visitorOf(request, address, this.sourceOf(request, clickSource)));
      response.writeHead(302, [...headers, 'Location', encodeUrl(url), 'Cache-Control', 'no-store', 'Content-Length', '0']);
      response.end();
    } catch (error) {
      this.answerError(request, response, this.origin(request, protocol), headers, error, 'link');
    }
  }

  /**
   * POST /api/links/{id}/click: counts the click (with the source on the bio page's address) and answers `{ url }`;
   * `headers`: those the answer must carry besides its own (the security headers, when Express did not set them).
   */
  async click(request: IncomingMessage, response: ServerResponse, linkId: Id, address: string | undefined, headers: readonly string[] = []): Promise<void> {
    try {
      const url = await this.follow.execute(linkId, this.visitorOf(request, address, this.sourceOf(request, clickSource)));
      sendJson(response, 200, { url }, headers);
    } catch (error) {
      answerJsonError(response, error, headers);
    }
  }

  /** GET /api/users/{username}: the page as JSON, counting a view (a former username: 301 as bio). */
  async profile({ request, address, viewerId, headers }: PageRequest, response: ServerResponse, username: string): Promise<void> {
    const visitor = this.visitorOf(request, address, this.sourceOf(request, visitSource));
    try {
      const { page, links, movedTo } = await this.view.execute(username, visitor && { ...visitor, viewerId });
      if (movedTo !== null) return redirect(request, response, `/api/users/${movedTo}`, headers);
      const variant = `json|${links === page.links ? '*' : links.map((link) => link.id).join(',')}`;
      const body = this.pageBodies.get(page, variant, () =>
        new EncodedBody(JSON.stringify({ user: page.user, links: links.map(toPublicLink) }), JSON_TYPE),
      );
      send(request, response, 200, body, 'no-cache', headers);
    } catch (error) {
      answerJsonError(response, error, headers);
    }
  }

  /**
   * A page's body kept per page version and variant; with a visit's attribution in its links, among the recent
   * ones only (a visit without one keeps the page's usual path).
   */
  private pageBody(page: PublicPage, variant: string, attribution: Attribution | null, render: () => EncodedBody): EncodedBody {
    if (attribution === null) return this.pageBodies.get(page, variant, render);
    return this.attributedBodies.get(page, `${page.ownerId}|${variant}|${attributionQuery(attribution)}`, render);
  }

  private async answerPage(
    request: IncomingMessage,
    response: ServerResponse,
    origin: string,
    headers: readonly string[],
    body: () => Promise<EncodedBody | { location: string } | { notFound: EncodedBody }>,
  ): Promise<void> {
    try {
      const answer = await body();
      if (answer instanceof EncodedBody) send(request, response, 200, answer, 'no-cache', headers);
      else if ('notFound' in answer) send(request, response, 404, answer.notFound, 'no-cache', headers);
      else redirect(request, response, answer.location, headers);
    } catch (error) {
      this.answerError(request, response, origin, headers, error, 'user');
    }
  }

  /** Not found → the 404 page; the store away with nothing kept → the 503 page with Retry-After. */
  private answerError(
    request: IncomingMessage,
    response: ServerResponse,
    origin: string,
    headers: readonly string[],
    error: unknown,
    missing: 'user' | 'link',
  ): void {
    if (!(error instanceof DomainError) || (error.kind !== 'not_found' && error.kind !== 'unavailable')) throw error;
    if (error.kind === 'unavailable') {
      const page = this.fixedPage(`unavailable|${origin}`, () => this.renderer.unavailablePage({ origin }));
      send(request, response, 503, page, 'no-store', [...headers, ...retryAfter(error)]);
      return;
    }
    const page =
      missing === 'link'
        ? this.fixedPage(`link|${origin}`, () => this.renderer.linkNotFoundPage({ origin }))
      : this.fixedPage(`user|${origin}`, () => this.renderer.userNotFoundPage({ origin }));
    send(request, response, 404, page, 'no-cache', headers);
  }

  /**
   * Who is asking, for the counters, with where the visit came from; nobody for HEAD requests (link checkers,
   * monitors), which count nothing.
   */
  private visitorOf(request: IncomingMessage, address: string | undefined, source: Attribution | null) {
    if (request.method === 'HEAD') return null;
    return visitorFrom(request.headers['user-agent'], request.headers.referer, address, source);
  }

  /** Where a request's visit came from (`sourceOf`: a page's own address, or a click's carried on); the Host it came to and PUBLIC_URL's are ours. */
  private sourceOf(request: IncomingMessage, sourceOf: typeof visitSource): Attribution | null {
    return sourceOf(request.url ?? '', request.headers.referer, [request.headers.host, this.publicHost]);
  }

  private fixedPage(key: string, render: () => string): EncodedBody {
    let page = this.fixedPages.get(key);
    if (!page) {
      if (this.fixedPages.size > 100) this.fixedPages.clear(); // one per origin the pages are served on
      page = new EncodedBody(render(), HTML);
      this.fixedPages.set(key, page);
    }
    return page;
  }

  private origin(request: IncomingMessage, protocol: string): string {
    return originOf(protocol, request.headers.host, this.env.PUBLIC_URL);
  }
}

function hostOf(url: string): string | undefined {
  try {
    return new URL(url).host;
  } catch {
    return undefined;
  }
}
