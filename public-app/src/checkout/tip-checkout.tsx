import { formatCents, parseDollarsToCents, saleAmounts } from '@linkbio/shared-contracts';
import { useRef, useState } from 'react';
import type { TipCheckoutData } from './checkout-data';
import { FeeLines } from './fee-lines';
import { sendTip } from './sale-api';
import { BuyerEmailField, JoinListBox, TextField } from './sale-fields';
import { SaleSteps } from './sale-steps';
import { MIN_TIP_CENTS, SaleTexts, TIP_MESSAGE_MAX } from './sale-texts';
import { useSaleCheckout } from './use-sale-checkout';
import { amountError, EMAIL } from './validate-sale';

type Field = 'amount' | 'customerEmail' | 'message';
const CUSTOM = 'custom';

/** The amount first chosen: the one asked for (`?amount=`), among the presets or as a custom one; else the first preset. */
function firstChoice(presets: number[], asked: number | null): { choice: string; custom: string } {
  if (asked !== null && presets.includes(asked)) return { choice: String(asked), custom: '' };
  if (asked !== null && asked >= MIN_TIP_CENTS) return { choice: CUSTOM, custom: formatCents(asked) };
  return presets[0] !== undefined ? { choice: String(presets[0]), custom: '' } : { choice: CUSTOM, custom: '' };
}

/**
 * The tip page's checkout (issue 27): a preset amount or a custom one (at least $1.00), an optional name and
 * message (up to 500 characters), the e-mail, the e-mail list box and the fee lines; then the server's quote,
 * the card step of the live provider and the thank-you.
 */
export function TipCheckout({
  username,
  presets,
  amountCents,
  offersList,
  attribution,
  hydrated = true,
}: TipCheckoutData & { hydrated?: boolean }) {
  const checkout = useSaleCheckout(SaleTexts.tipError);
  const first = firstChoice(presets, amountCents);
  const [choice, setChoice] = useState(first.choice);
  const [custom, setCustom] = useState(first.custom);
  const [name, setName] = useState('');
  const [message, setMessage] = useState('');
  const [email, setEmail] = useState('');
  const [joinList, setJoinList] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | HTMLTextAreaElement | null>>>({});

  const chosen = choice === CUSTOM ? parseDollarsToCents(custom.trim()) : Number(choice);
  const shown = saleAmounts(chosen !== null && chosen >= MIN_TIP_CENTS ? chosen : MIN_TIP_CENTS);

  const submit = () => {
    const found: Partial<Record<Field, string>> = {};
    const wrongAmount = choice === CUSTOM ? amountError(custom, MIN_TIP_CENTS) : null;
    if (wrongAmount) found.amount = wrongAmount === SaleTexts.amountInvalid ? wrongAmount : SaleTexts.minimumTip;
    if (!EMAIL.test(email.trim())) found.customerEmail = SaleTexts.validEmailRequired;
    if (message.length > TIP_MESSAGE_MAX) found.message = SaleTexts.messageTooLong;
    setErrors(found);
    const firstWrong = (['amount', 'customerEmail', 'message'] as const).find((field) => found[field]);
    if (firstWrong) return inputs.current[firstWrong]?.focus();
    if (chosen === null) return;
    void checkout.start(() =>
      sendTip(
        username,
        {
          amountCents: chosen,
          ...(name.trim() ? { name: name.trim() } : {}),
          ...(message.trim() ? { message: message.trim() } : {}),
          customerEmail: email.trim(),
          joinList,
          ...(attribution ? { attribution } : {}),
        },
        SaleTexts.tipFailed,
      ),
    );
  };

  return (
    <SaleSteps
      checkout={checkout}
      title={SaleTexts.supportMe}
      priceLabel={SaleTexts.tipLine}
      paidMessage={SaleTexts.tipPaid}
      onSubmit={submit}
      hydrated={hydrated}
    >
      <fieldset className="amounts">
        <legend>{SaleTexts.chooseAmount}</legend>
        {presets.map((cents) => (
          <label key={cents} className="amount-choice">
            <input
              type="radio"
              name="amountChoice"
              value={String(cents)}
              checked={choice === String(cents)}
              onChange={() => setChoice(String(cents))}
            />
            <span>${formatCents(cents)}</span>
          </label>
        ))}
        <label className="amount-choice">
          <input
            type="radio"
            name="amountChoice"
            value={CUSTOM}
            checked={choice === CUSTOM}
            onChange={() => setChoice(CUSTOM)}
          />
          <span>{SaleTexts.customAmount}</span>
        </label>
      </fieldset>
      {choice === CUSTOM && (
        <TextField
          id="amount"
          label={SaleTexts.amount}
          inputMode="decimal"
          value={custom}
          maxLength={12}
          onChange={setCustom}
          hint={SaleTexts.minimumTip}
          error={errors.amount}
          required
          inputRef={(input) => void (inputs.current.amount = input)}
        />
      )}
      <TextField id="tipName" label={SaleTexts.yourNameOptional} autoComplete="name" value={name} onChange={setName} />
      <div className="field">
        <label htmlFor="tipMessage">{SaleTexts.message}</label>
        <textarea
          id="tipMessage"
          name="message"
          rows={3}
          maxLength={TIP_MESSAGE_MAX}
          value={message}
          placeholder={SaleTexts.messagePlaceholder}
          onChange={(event) => setMessage(event.target.value)}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={errors.message ? 'tipMessage-error' : undefined}
          ref={(input) => void (inputs.current.message = input)}
        />
        {errors.message && (
          <p className="field-error" id="tipMessage-error">
            {errors.message}
          </p>
        )}
      </div>
      <BuyerEmailField
        value={email}
        onChange={setEmail}
        error={errors.customerEmail}
        inputRef={(input) => void (inputs.current.customerEmail = input)}
      />
      {offersList && <JoinListBox label={SaleTexts.joinList} checked={joinList} onChange={setJoinList} />}
      <FeeLines
        priceLabel={SaleTexts.tipLine}
        userAmount={shown.userAmount}
        platformFee={shown.platformFee}
        amount={shown.amount}
      />
    </SaleSteps>
  );
}
