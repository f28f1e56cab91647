import { formatCents, type CouponCheckResponse } from '@linkbio/shared-contracts';
import { Texts } from '../texts';

export interface CouponFieldProps {
  code: string;
  /** The server's price with the applied code, or null before one is applied. */
  applied: CouponCheckResponse | null;
  error: string | null;
  checking: boolean;
  hydrated: boolean;
  onCode: (code: string) => void;
  onApply: () => void;
  onRemove: () => void;
}

/**
 * The optional coupon code on 'Your Information': Apply asks the server for the price with it, shown before
 * paying (the discount and the new fee lines); the server's reason when it is refused shows under the field.
 */
export function CouponField({ code, applied, error, checking, hydrated, onCode, onApply, onRemove }: CouponFieldProps) {
  return (
    <div className="field coupon-field">
      <label htmlFor="couponCode">{Texts.couponCode}</label>
      <div className="coupon-line">
        <input
          id="couponCode"
          name="couponCode"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={64}
          value={code}
          readOnly={applied !== null}
          onChange={(event) => onCode(event.target.value)}
          onKeyDown={(event) => {
            // Enter applies the code rather than sending the form.
            if (event.key === 'Enter') {
              event.preventDefault();
              if (!applied) onApply();
            }
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'couponCode-error' : applied ? 'couponCode-applied' : undefined}
        />
        {applied ? (
          <button className="btn-coupon" type="button" onClick={onRemove}>
            {Texts.removeCoupon}
          </button>
        ) : (
          <button className="btn-coupon" type="button" onClick={onApply} disabled={!hydrated || checking} aria-busy={checking || undefined}>
            {checking && <span className="spinner" aria-hidden="true" />}
            {Texts.applyCoupon}
          </button>
        )}
      </div>
      {error && (
        <p className="field-error" id="couponCode-error" role="alert">
          {error}
        </p>
      )}
      {applied && (
        <>
          <p className="coupon-applied" id="couponCode-applied" role="status">
            {Texts.couponApplied(applied.code)}
          </p>
          <dl className="summary" aria-label={Texts.couponApplied(applied.code)}>
            <div>
              <dt>{Texts.discount}</dt>
              <dd>−${formatCents(applied.discountCents)}</dd>
            </div>
            <div>
              <dt>{Texts.serviceFee}</dt>
              <dd>${formatCents(applied.userAmount)}</dd>
            </div>
            <div>
              <dt>{Texts.platformFee}</dt>
              <dd>${formatCents(applied.platformFee)}</dd>
            </div>
            <div className="summary-total">
              <dt>{Texts.total}</dt>
              <dd>${formatCents(applied.amount)}</dd>
            </div>
          </dl>
        </>
      )}
    </div>
  );
}
