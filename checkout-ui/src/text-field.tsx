import type { Ref } from 'react';
import { PUBLIC_SKIN, type CheckoutSkin } from './skin.js';

export interface TextFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete?: string;
  /** The app's look; the public pages' when left out. */
  skin?: CheckoutSkin;
  type?: 'text' | 'email' | 'tel';
  /** 'numeric' for card digits (the numeric keypad), 'decimal' for an amount in dollars. */
  inputMode?: 'numeric' | 'decimal';
  placeholder?: string;
  /** A line under the field that describes it (with its id `{id}-hint`). */
  hint?: string;
  error?: string;
  required?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  maxLength?: number;
  /** Another element describing the field, by id. */
  describedBy?: string;
}

/** A labelled input of a checkout — a card field, a name, an e-mail, an amount — with its hint and its message. */
export function TextField({
  id,
  label,
  value,
  onChange,
  autoComplete,
  skin = PUBLIC_SKIN,
  type = 'text',
  inputMode,
  placeholder,
  hint,
  error,
  required,
  inputRef,
  maxLength = 100,
  describedBy,
}: TextFieldProps) {
  const described =
    [describedBy, hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={skin.field}>
      <label htmlFor={id} className={skin.label || undefined}>
        {label}
      </label>
      <input
        id={id}
        name={id}
        type={type}
        className={skin.input || undefined}
        inputMode={inputMode}
        autoComplete={autoComplete}
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        aria-required={required || undefined}
        ref={inputRef}
        maxLength={maxLength}
        spellCheck={inputMode === 'numeric' ? false : undefined}
      />
      {hint && (
        <p className={skin.fieldHint} id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className={skin.fieldError} id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
