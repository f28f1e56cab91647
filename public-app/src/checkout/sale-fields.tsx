import { TextField } from '@linkbio/checkout-ui';
import { SaleTexts } from './sale-texts';

export { TextField };

/** The buyer's e-mail address: where the receipt (and a product's link) goes. Required. */
export function BuyerEmailField({
  value,
  onChange,
  error,
  inputRef,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  inputRef: (input: HTMLInputElement | null) => void;
}) {
  return (
    <TextField
      id="customerEmail"
      label={SaleTexts.emailAddress}
      type="email"
      autoComplete="email"
      maxLength={254}
      value={value}
      onChange={onChange}
      error={error}
      required
      inputRef={inputRef}
    />
  );
}

/** The "Join my e-mail list" box. */
export function JoinListBox({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="check-field">
      <input type="checkbox" name="joinList" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      <span>{label}</span>
    </label>
  );
}
