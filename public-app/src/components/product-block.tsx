import { productPriceLabel, type Attribution, type PublicProductView } from '@linkbio/shared-contracts';
import { withAttribution } from '../lib/attribution';
import { Texts } from '../texts';
import { StoreIcon } from './icons';

/** The cover's size on the bio page, in CSS pixels (the link buttons' icon tile). */
const COVER_PX = 44;

/**
 * A product on the bio page (issue 27): its cover, title and price, leading to its own page under the
 * creator's address (with the visit's attribution, for the sale to keep it). A plain anchor: no script on the
 * bio page.
 */
export function ProductBlock({
  username,
  product,
  attribution,
}: {
  username: string;
  product: PublicProductView;
  attribution?: Attribution | null;
}) {
  return (
    <a className="btn-link btn-product" href={withAttribution(`/${username}/products/${product.id}`, attribution)}>
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
