import { formatCents } from '@linkbio/shared-contracts';
import type { CSSProperties } from 'react';
import { Avatar } from '../components/avatar';
import { Document } from '../components/document';
import { EmbedBlock } from '../components/embed-block';
import { CalendarIcon, CheckCircleIcon, CloseIcon, LogoMark } from '../components/icons';
import { LinkButton } from '../components/link-button';
import { ProductBlock } from '../components/product-block';
import { SocialIcons } from '../components/social-icons';
import { SupportBlock } from '../components/support-block';
import { SubscribeBlock } from '../components/subscribe-block';
import { buttonLook, pageLook } from '../lib/look';
import { withAttribution } from '../lib/attribution';
import { pageUrl, safeImageUrl } from '../lib/urls';
import type { BioPageInput } from '../page-model';
import { Texts } from '../texts';

/** 'Book a Session - $X.XX' only when booking is on and a price is set (spec §2). */
export const bookingPriceShown = (user: BioPageInput['user']): number | null =>
  user.enableBooking && user.bookingPrice !== null && user.bookingPrice > 0 ? user.bookingPrice : null;

/**
 * The public bio page /{username}: plain HTML and inline CSS, no framework JavaScript. Every control works
 * without JavaScript: links are anchors, the banner is dismissed with a fragment link and CSS :target. The
 * visit's attribution (issue 29) rides along in the query of every link that leads to a click or a sale.
 */
export function BioPage({
  user,
  links,
  booked,
  tips,
  subscribe,
  origin,
  css,
  embedsScript,
  subscribeScript,
  products = [],
  attribution = null,
}: BioPageInput & { css: string; embedsScript?: string; subscribeScript?: string }) {
  const look = pageLook(user, origin);
  const buttons = buttonLook(user);
  const canonical = pageUrl(origin, `/${user.username}`);
  // The search and share preview as the creator set it (issue 26), each part else today's default.
  const seo = user.seo ?? { title: null, description: null, image: null };
  const description = seo.description ?? user.bio ?? Texts.defaultDescription(user.displayName);
  const price = bookingPriceShown(user);
  const socials = user.socials ?? [];
  const socialsAt = user.socialsPosition === 'bottom' ? 'bottom' : 'top';
  return (
    <Document
      title={seo.title ?? (user.isPremium ? user.displayName : `${user.displayName} | ${Texts.productName}`)}
      description={description}
      canonical={canonical}
      themeColor={look.themeColor}
      social={{
        type: 'profile',
        title: seo.title ?? user.displayName,
        description,
        url: canonical,
        image: safeImageUrl(seo.image ?? user.avatar, origin),
        largeImage: seo.image !== null,
        username: user.username,
        siteName: user.isPremium ? undefined : Texts.productName,
      }}
      css={css}
      head={
        embedsScript || subscribeScript ? (
          <>
            {embedsScript && <script type="module" src={embedsScript} />}
            {subscribeScript && <script type="module" src={subscribeScript} />}
          </>
        ) : undefined
      }
      bodyClassName={buttons.className ? `${look.className} ${buttons.className}` : look.className}
      bodyStyle={bodyStyle(look.backgroundColor, buttons.style)}
    >
      <div className="screen" style={look.backgroundColor ? { background: look.backgroundColor } : undefined}>
        {look.backgroundImage && (
          <img className="bg-img" src={look.backgroundImage} alt="" width={1200} height={1600} decoding="async" />
        )}
        <main className="page">
          {booked && <BookedBanner notice={booked} />}
          <header className="profile">
            <Avatar user={user} origin={origin} />
            <h1>{user.displayName}</h1>
            <p className="handle">@{user.username}</p>
            {user.bio && <p className="bio">{user.bio}</p>}
          </header>
          {socialsAt === 'top' && <SocialIcons socials={socials} position="top" />}
          <div className="actions">
            {price !== null && (
              <a className="btn-book" href={withAttribution(`/book/${user.username}`, attribution)}>
                <CalendarIcon />
                <span>{Texts.bookSession(formatCents(price))}</span>
              </a>
            )}
            {products.length > 0 && (
              <ul className="links" aria-label={Texts.productsLabel}>
                {products.map((product) => (
                  <li key={product.id}>
                    <ProductBlock username={user.username} product={product} attribution={attribution} />
                  </li>
                ))}
              </ul>
            )}
            {links.length > 0 ? (
              <nav aria-label={Texts.linksLabel}>
                <ul className="links">
                  {links.map((link) => (
                    <li key={link.id}>
                      <Block link={link} attribution={attribution} />
                    </li>
                  ))}
                </ul>
              </nav>
            ) : (
              products.length === 0 && <p className="empty">{Texts.noLinks}</p>
            )}
            {tips?.enabled && <SupportBlock username={user.username} tips={tips} attribution={attribution} />}
            {subscribe && <SubscribeBlock block={subscribe} username={user.username} />}
          </div>
          {socialsAt === 'bottom' && <SocialIcons socials={socials} position="bottom" />}
          {!user.isPremium && (
            <footer className="foot">
              <a className="made" href="/">
                <LogoMark />
                <span>
                  {Texts.madeWith} <strong>{Texts.productName}</strong>
                </span>
              </a>
            </footer>
          )}
        </main>
      </div>
    </Document>
  );
}

/** A block of the page by its kind: a section title (a heading under the page's h1), an embed or a link. */
function Block({ link, attribution }: { link: BioPageInput['links'][number]; attribution: BioPageInput['attribution'] }) {
  if (link.kind === 'header') return <h2 className="block-header">{link.title}</h2>;
  if (link.kind === 'embed') return <EmbedBlock link={link} />;
  return <LinkButton link={link} attribution={attribution} />;
}

/** The body's inline style: the background colour and the button colours, each a checked #rrggbb. */
function bodyStyle(backgroundColor: string | null, buttons: CSSProperties): CSSProperties | undefined {
  const style: CSSProperties = { ...(backgroundColor ? { backgroundColor } : {}), ...buttons };
  return Object.keys(style).length > 0 ? style : undefined;
}

/**
 * 'Booking Confirmed!' after a paid booking (decisions.md), or, when the payment came after someone else took
 * the time, that it goes back in full. The close control is a link to an empty target just before the banner;
 * CSS hides the banner while that target is :target, so it needs no script.
 */
function BookedBanner({ notice }: { notice: NonNullable<BioPageInput['booked']> }) {
  const confirmed = notice === 'confirmed';
  return (
    <>
      <i id="booked-dismissed" />
      <div className="banner" role="status">
        {confirmed ? <CheckCircleIcon /> : <CalendarIcon />}
        <div>
          <p className="banner-title">{confirmed ? Texts.bookedTitle : Texts.refundingTitle}</p>
          <p>{confirmed ? Texts.bookedMessage : Texts.refundingMessage}</p>
        </div>
        <a className="banner-close" href="#booked-dismissed" aria-label={Texts.dismiss} title={Texts.dismiss}>
          <CloseIcon />
        </a>
      </div>
    </>
  );
}
