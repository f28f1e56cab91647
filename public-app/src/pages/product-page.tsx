import { productPriceLabel } from '@linkbio/shared-contracts';
import { CHECKOUT_ROOT_ID, type ProductCheckoutData } from '../checkout/checkout-data';
import { Document } from '../components/document';
import { ChevronLeftIcon } from '../components/icons';
import { pageLook } from '../lib/look';
import { pageUrl, safeImageUrl } from '../lib/urls';
import type { ProductPageInput } from '../page-model';
import { Texts } from '../texts';
import type { ClientScript } from './booking-page';

/** The cover's size on the product page, in CSS pixels. */
const COVER_PX = 240;

/**
 * /{username}/products/{productId} (issue 27): the product rendered on the server — cover, title, price and
 * description (plain text, line breaks kept, escaped by React) — and the checkout's mount point, which its
 * client bundle fills when the build has one.
 */
export function ProductPage({ user, product, offersList = false, attribution = null, origin, css, script }: ProductPageInput & { css: string; script: ClientScript }) {
  const look = pageLook(user, origin);
  const price = productPriceLabel(product);
  const canonical = pageUrl(origin, `/${user.username}/products/${product.id}`);
  const checkout: ProductCheckoutData = {
    kind: 'product',
    username: user.username,
    productId: product.id,
    title: product.title,
    priceCents: product.priceCents,
    minPriceCents: product.minPriceCents,
    offersList,
    attribution,
  };
  const summary = product.description.slice(0, 200) || `${product.title} · ${price}`;
  return (
    <Document
      title={`${product.title} | ${user.displayName}`}
      description={summary}
      canonical={canonical}
      themeColor={look.themeColor}
      social={{
        type: 'website',
        title: product.title,
        description: summary,
        url: canonical,
        image: safeImageUrl(product.coverURL ?? user.avatar, origin),
        siteName: user.isPremium ? undefined : Texts.productName,
      }}
      css={css}
      bodyClassName={`${look.className} product-page`}
      bodyStyle={look.backgroundColor ? { backgroundColor: look.backgroundColor } : undefined}
      head={
        script && (
          <>
            <script type="module" src={script.src} />
            {script.preload.map((href) => (
              <link key={href} rel="modulepreload" href={href} />
            ))}
          </>
        )
      }
    >
      <div className="screen" style={look.backgroundColor ? { background: look.backgroundColor } : undefined}>
        <main className="page">
          <a className="back" href={`/${user.username}`}>
            <ChevronLeftIcon />
            {Texts.backToProfile(user.displayName)}
          </a>
          <article className="product">
            {product.coverURL && (
              <img className="product-cover" src={product.coverURL} width={COVER_PX} height={COVER_PX} alt="" decoding="async" />
            )}
            <h1>{product.title}</h1>
            <p className="product-price">{price}</p>
            {product.description && <p className="product-description">{product.description}</p>}
            <div id={CHECKOUT_ROOT_ID} data-checkout={JSON.stringify(checkout)} />
          </article>
        </main>
      </div>
    </Document>
  );
}
