import { formatCents, parseDollarsToCents, saleAmounts } from '@linkbio/shared-contracts';
import { useRef, useState } from 'react';
import type { ProductCheckoutData } from './checkout-data';
import { FeeLines } from './fee-lines';
import { checkCoupon, orderProduct, type CouponQuote } from './sale-api';
import { BuyerEmailField, JoinListBox, TextField } from './sale-fields';
import { SaleSteps } from './sale-steps';
import { Texts } from '../texts';
import { SaleTexts } from './sale-texts';
import { useSaleCheckout } from './use-sale-checkout';
import { amountError, EMAIL } from './validate-sale';

type Field = 'customerName' | 'customerEmail' | 'amount';

/**
 * The product page's checkout (issue 27): name, e-mail, the amount when the price is the buyer's to choose
 * (at least the minimum), an optional coupon checked by the server, the e-mail list box and the fee lines;
 * then the server's order, the card step of the live provider and 'Payment received'.
 */
export function ProductCheckout({ username, productId, priceCents, minPriceCents, offersList, attribution }: ProductCheckoutData) {
  const payWhatYouWant = priceCents === null;
  const minimum = minPriceCents ?? 0;
  const checkout = useSaleCheckout(SaleTexts.orderError);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [amount, setAmount] = useState(payWhatYouWant ? formatCents(minimum) : '');
  const [code, setCode] = useState('');
  const [coupon, setCoupon] = useState<CouponQuote | null>(null);
  const [checking, setChecking] = useState(false);
  const [joinList, setJoinList] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});

  const chosenCents = payWhatYouWant ? parseDollarsToCents(amount.trim()) : priceCents;
  const basePrice = chosenCents ?? minimum;

  const applyCoupon = async () => {
    const trimmed = code.trim();
    if (!trimmed) return checkout.showError(SaleTexts.couponError, SaleTexts.couponRequired);
    setChecking(true);
    try {
      const quote = await checkCoupon(
        username,
        { code: trimmed, target: productId, ...(payWhatYouWant ? { amountCents: basePrice } : {}) },
        SaleTexts.couponFailed,
      );
      setCoupon(quote);
    } catch (error) {
      setCoupon(null);
      checkout.showError(SaleTexts.couponError, error instanceof Error ? error.message : SaleTexts.couponFailed);
    } finally {
      setChecking(false);
    }
  };

  const submit = () => {
    const found: Partial<Record<Field, string>> = {};
    if (!name.trim()) found.customerName = SaleTexts.nameRequired;
    if (!EMAIL.test(email.trim())) found.customerEmail = SaleTexts.validEmailRequired;
    const wrongAmount = payWhatYouWant ? amountError(amount, minimum) : null;
    if (wrongAmount) found.amount = wrongAmount;
    setErrors(found);
    const first = (['customerName', 'customerEmail', 'amount'] as const).find((field) => found[field]);
    if (first) return inputs.current[first]?.focus();
    const couponCode = coupon?.code ?? code.trim();
    void checkout.start(() =>
      orderProduct(
        username,
        productId,
        {
          customerName: name.trim(),
          customerEmail: email.trim(),
          ...(payWhatYouWant && chosenCents !== null ? { amountCents: chosenCents } : {}),
          ...(couponCode ? { couponCode } : {}),
          joinList,
          ...(attribution ? { attribution } : {}),
        },
        SaleTexts.orderFailed,
      ),
    );
  };

  const shown = coupon ?? { ...saleAmounts(basePrice), discountCents: 0 };
  return (
    <SaleSteps
      checkout={checkout}
      title={Texts.stepInformation}
      priceLabel={SaleTexts.price}
      paidMessage={SaleTexts.productPaid}
      onSubmit={submit}
    >
      <TextField
        id="customerName"
        label={SaleTexts.yourName}
        autoComplete="name"
        value={name}
        onChange={setName}
        error={errors.customerName}
        required
        inputRef={(input) => void (inputs.current.customerName = input)}
      />
      <BuyerEmailField
        value={email}
        onChange={setEmail}
        error={errors.customerEmail}
        inputRef={(input) => void (inputs.current.customerEmail = input)}
      />
      {payWhatYouWant && (
        <TextField
          id="amount"
          label={SaleTexts.amount}
          inputMode="decimal"
          value={amount}
          maxLength={12}
          onChange={(value) => {
            setAmount(value);
            setCoupon(null);
          }}
          hint={SaleTexts.amountHint(formatCents(minimum))}
          error={errors.amount}
          required
          inputRef={(input) => void (inputs.current.amount = input)}
        />
      )}
      <div className="field-row coupon-row">
        <TextField
          id="couponCode"
          label={SaleTexts.couponCode}
          autoComplete="off"
          value={code}
          maxLength={40}
          onChange={(value) => {
            setCode(value);
            setCoupon(null);
          }}
        />
        <button
          className="btn-secondary"
          type="button"
          onClick={() => void applyCoupon()}
          disabled={checking}
          aria-busy={checking || undefined}
        >
          {SaleTexts.applyCoupon}
        </button>
      </div>
      {coupon && (
        <p className="notice notice-now" role="status">
          {SaleTexts.couponApplied(coupon.code, formatCents(coupon.discountCents))}
        </p>
      )}
      {offersList && <JoinListBox label={SaleTexts.joinList} checked={joinList} onChange={setJoinList} />}
      <FeeLines
        priceLabel={SaleTexts.price}
        userAmount={shown.userAmount}
        platformFee={shown.platformFee}
        amount={shown.amount}
        discountCents={shown.discountCents}
      />
    </SaleSteps>
  );
}
