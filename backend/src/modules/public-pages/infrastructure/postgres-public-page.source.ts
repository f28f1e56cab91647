import type pg from 'pg';
import { DEFAULT_SUBSCRIBE_TITLE } from '@linkbio/shared-contracts';
import type { ButtonShape, LinkBlockKind, PublicProductView, SocialLink, SocialPosition, Theme } from '@linkbio/shared-contracts';
import type { Id } from '../../../shared/ids.js';
import { User } from '../../identity/domain/user.js';
import { toPublicUserView } from '../../identity/http/user.views.js';
import type { LinkTarget, PageLink, PublicPage } from '../domain/public-page.js';
import type { VersionedPageStore } from './cached-public-page.source.js';

interface PageRow {
  id: string;
  username: string;
  display_name: string;
  bio: string | null;
  avatar: string | null;
  theme: Theme;
  background_color: string | null;
  background_image: string | null;
  button_color: string | null;
  button_text_color: string | null;
  button_shape: ButtonShape;
  enable_booking: boolean;
  booking_price: number | null;
  is_premium: boolean;
  socials: SocialLink[];
  socials_position: SocialPosition;
  seo_title: string | null;
  seo_description: string | null;
  seo_image: string | null;
  tips_enabled: boolean;
  tip_presets: number[];
  tip_message: string | null;
  subscribe_enabled: boolean;
  subscribe_title: string | null;
  version: string;
  forwards_until: Date | null;
  products: Array<Omit<PublicProductView, 'coverURL'> & { coverKey: string | null }>;
  links: Array<{
    id: string;
    kind: LinkBlockKind;
    title: string;
    url: string;
    order: number;
    startsAt: string | null;
    endsAt: string | null;
    thumbnail: string | null;
  }>;
}

/** The creator's public columns and their active links in order. */
const PAGE_COLUMNS = `
  u.id, u.username, u.display_name, u.bio, u.avatar, u.theme, u.background_color, u.background_image,
  u.button_color, u.button_text_color, u.button_shape, u.enable_booking, u.booking_price, u.is_premium,
  u.socials, u.socials_position, u.seo_title, u.seo_description, u.seo_image,
  u.tips_enabled, u.tip_presets, u.tip_message,
  u.subscribe_enabled, u.subscribe_title,
  u.page_version::text as version,
  coalesce((select json_agg(json_build_object('id', l.id, 'kind', l.kind, 'title', l.title, 'url', l.url, 'order', l.position,
                                              'startsAt', l.starts_at, 'endsAt', l.ends_at,
                                              'thumbnail', l.thumbnail)
                            order by l.position, l.created_at desc, l.id)
              from links l where l.owner_id = u.id and l.is_active), '[]'::json) as links,
  coalesce((select json_agg(json_build_object('id', p.id, 'title', p.title, 'description', p.description,
                                              'priceCents', p.price_cents, 'minPriceCents', p.min_price_cents,
                                              'coverKey', p.cover_key)
                            order by p.position, p.created_at desc, p.id)
              from products p where p.creator_id = u.id and p.visible
               and (p.file_key is not null or p.private_url is not null)), '[]'::json) as products`;

/**
 * The page in one query on the username index. Only when nobody has the name, the page of the account that
 * gave it up lately and holds it still (username_holds' primary key): the second branch runs behind a one-time
 * filter on the first's result, so a page that exists costs no more than before. A deleted account has no page
 * (404 from the moment it is deleted; the row's change moves its page version): the hold a deletion leaves
 * on its name, and any name it gave up before, keep the name from others without forwarding anywhere.
 */
const PAGE_SQL = `
  with direct as (
    select ${PAGE_COLUMNS}, null::timestamptz as forwards_until
      from users u
     where lower(u.username) = $1 and u.deleted_at is null)
  select * from direct
  union all
  select ${PAGE_COLUMNS}, h.held_until as forwards_until
    from username_holds h join users u on u.id = h.user_id
   where h.username = $1 and h.held_until > now() and u.deleted_at is null and not exists (select 1 from direct)`;

const LINK_SQL = `
  select l.id, l.owner_id, l.url, l.starts_at, l.ends_at, u.is_premium, u.page_version::text as version
    from links l join users u on u.id = l.owner_id
   where l.id = $1 and l.is_active and l.kind <> 'header' and u.deleted_at is null`;

const VERSIONS_SQL = 'select id, page_version::text as version from users where id = any($1::uuid[])';

const instant = (value: string | Date | null) => (value === null ? null : new Date(value));

/**
 * The public pages read straight from PostgreSQL with plain prepared statements (no ORM on the visitors'
 * path): a page is one query, a link one, and the versions of many pages one.
 */
export class PostgresPublicPageSource implements VersionedPageStore {
  /** `coverURL`: the address a product's stored cover is shown at (the object store's). */
  constructor(
    private readonly pool: pg.Pool,
    private readonly coverURL: (key: string) => string = (key) => key,
  ) {}

  async page(username: string): Promise<PublicPage | null> {
    const { rows } = await this.pool.query<PageRow>({ name: 'public-page', text: PAGE_SQL, values: [username] });
    const row = rows[0];
    if (!row) return null;
    const links: PageLink[] = row.links.map((link) => ({
      id: link.id,
      kind: link.kind,
      title: link.title,
      url: link.url,
      order: link.order,
      startsAt: instant(link.startsAt),
      endsAt: instant(link.endsAt),
      thumbnail: link.thumbnail,
    }));
    const products = row.products.map(({ coverKey, ...product }) => ({ ...product, coverURL: coverKey ? this.coverURL(coverKey) : null }));
    const page: PublicPage = {
      ownerId: row.id,
      version: row.version,
      user: toPublicUserView(userOf(row)),
      links,
      tips: { enabled: row.tips_enabled, presets: row.tip_presets, message: row.tip_message },
      products,
    };
    if (row.subscribe_enabled) page.subscribe = { title: row.subscribe_title ?? DEFAULT_SUBSCRIBE_TITLE };
    if (row.forwards_until !== null) page.forwardsUntil = new Date(row.forwards_until);
    return page;
  }

  async link(id: Id): Promise<LinkTarget | null> {
    const { rows } = await this.pool.query<{
      id: string;
      owner_id: string;
      url: string;
      starts_at: Date | null;
      ends_at: Date | null;
      is_premium: boolean;
      version: string;
    }>({ name: 'public-link', text: LINK_SQL, values: [id] });
    const row = rows[0];
    if (!row) return null;
    return {
      id: row.id,
      ownerId: row.owner_id,
      url: row.url,
      startsAt: instant(row.starts_at),
      endsAt: instant(row.ends_at),
      schedulingApplies: row.is_premium,
      version: row.version,
    };
  }

  async versions(ownerIds: Id[]): Promise<Map<Id, string>> {
    const { rows } = await this.pool.query<{ id: string; version: string }>({
      name: 'public-page-versions',
      text: VERSIONS_SQL,
      values: [ownerIds],
    });
    return new Map(rows.map((row) => [row.id, row.version]));
  }
}

/** The creator as identity models them, so the page shows the look User.publicLook decides. */
function userOf(row: PageRow): User {
  return Object.assign(new User(), {
    id: row.id,
    username: row.username,
    displayName: row.display_name,
    bio: row.bio,
    avatar: row.avatar,
    theme: row.theme,
    backgroundColor: row.background_color,
    backgroundImage: row.background_image,
    buttonColor: row.button_color,
    buttonTextColor: row.button_text_color,
    buttonShape: row.button_shape,
    enableBooking: row.enable_booking,
    bookingPrice: row.booking_price,
    isPremium: row.is_premium,
    socials: row.socials,
    socialsPosition: row.socials_position,
    seoTitle: row.seo_title,
    seoDescription: row.seo_description,
    seoImage: row.seo_image,
  });
}
