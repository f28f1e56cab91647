import type { CheckoutSkin } from './skin.js';

export interface CardFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: string;
  skin: CheckoutSkin;
  placeholder?: string;
  error?: string;
  inputRef?: (input: HTMLInputElement | null) => void;
  maxLength?: number;
  numeric?: boolean;
  describedBy?: string;
}

/** One field of the local card form: its label, the input (numeric keypad, card autofill) and its message. */
export function CardField({
  id,
  label,
  value,
  onChange,
  autoComplete,
  skin,
  placeholder,
  error,
  inputRef,
  maxLength,
  numeric = true,
  describedBy,
}: CardFieldProps) {
  const described = [describedBy, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={skin.field}>
      <label htmlFor={id} className={skin.label || undefined}>
        {label}
      </label>
      <input
        id={id}
        name={id}
        type="text"
        className={skin.input || undefined}
        inputMode={numeric ? 'numeric' : undefined}
        autoComplete={autoComplete}
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        aria-required={numeric || undefined}
        ref={inputRef}
        maxLength={maxLength}
        spellCheck={false}
      />
      {error && (
        <p className={skin.fieldError} id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
