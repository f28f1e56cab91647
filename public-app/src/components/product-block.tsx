import { productPriceLabel, type PublicProductView } from '@linkbio/shared-contracts';
import { Texts } from '../texts';
import { StoreIcon } from './icons';

/** The cover's size on the bio page, in CSS pixels (the link buttons' icon tile). */
const COVER_PX = 44;

/**
 * A product on the bio page (issue 27): its cover, title and price, leading to its own page under the
 * creator's address. A plain anchor: no script on the bio page.
 */
export function ProductBlock({ username, product }: { username: string; product: PublicProductView }) {
  return (
    <a className="btn-link btn-product" href={`/${username}/products/${product.id}`}>
      <span className="ico">
        {product.coverURL ? (
          <img className="thumb" src={product.coverURL} width={COVER_PX} height={COVER_PX} alt="" loading="lazy" decoding="async" />
        ) : (
          <StoreIcon />
        )}
      </span>
      <span className="title">
        {product.title}
        <small className="price">{productPriceLabel(product)}</small>
      </span>
      <span className="sr"> {Texts.productLabel}</span>
    </a>
  );
}
