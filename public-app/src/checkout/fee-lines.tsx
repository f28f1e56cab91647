import { formatCents } from '@linkbio/shared-contracts';
import { SaleTexts } from './sale-texts';

export interface FeeLinesProps {
  /** The first line's name: 'Price' for a product, 'Tip' for a tip. */
  priceLabel: string;
  /** What the creator gets. */
  userAmount: number;
  platformFee: number;
  amount: number;
  /** A coupon's discount, shown when above zero. */
  discountCents?: number;
}

/** The sale's fee lines before paying (saleAmounts' shape: the server's answer once there is one). */
export function FeeLines({ priceLabel, userAmount, platformFee, amount, discountCents = 0 }: FeeLinesProps) {
  return (
    <dl className="summary" aria-label={SaleTexts.total}>
      {discountCents > 0 && (
        <div>
          <dt>{SaleTexts.discount}</dt>
          <dd>−${formatCents(discountCents)}</dd>
        </div>
      )}
      <div>
        <dt>{priceLabel}</dt>
        <dd>${formatCents(userAmount)}</dd>
      </div>
      <div>
        <dt>{SaleTexts.platformFee}</dt>
        <dd>${formatCents(platformFee)}</dd>
      </div>
      <div className="summary-total">
        <dt>{SaleTexts.total}</dt>
        <dd>${formatCents(amount)}</dd>
      </div>
    </dl>
  );
}
