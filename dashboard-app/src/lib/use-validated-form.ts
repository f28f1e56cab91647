import { useCallback, useEffect, useRef, useState, type ChangeEvent } from 'react';
import { validateWith } from '@/lib/validate';

type Values = Record<string, string>;

export type FormErrors<T> = Partial<Record<keyof T, string>>;

/**
 * Form values checked on submit with the same DTO the API uses (so the messages are the spec's words). A field's
 * message clears as soon as it is edited; a failed submit moves focus to the first field with a message. Only
 * the form's own fields are checked: a DTO property the form does not hold (a token from the address) is the
 * caller's to check.
 */
export function useValidatedForm<T extends Values>(dto: new () => object, initial: T) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<FormErrors<T>>({});
  const [failedAttempts, setFailedAttempts] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (failedAttempts > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [failedAttempts]);

  const field = <K extends keyof T & string>(name: K) => ({
    name,
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const value = event.target.value;
      setValues((current) => ({ ...current, [name]: value }));
      setErrors((current) => (current[name] ? { ...current, [name]: undefined } : current));
    },
  });

  /** Shows these messages under their fields (e.g. the server's), moving focus to the first. */
  const showErrors = useCallback((found: FormErrors<T>) => {
    setErrors(found);
    if (Object.values(found).some(Boolean)) setFailedAttempts((count) => count + 1);
  }, []);

  /** True when every field passes; otherwise shows the first message of each failing field. */
  const validate = (): boolean => {
    const all = validateWith(dto, values) as Record<string, string>;
    const found = Object.fromEntries(Object.entries(all).filter(([name]) => name in values)) as FormErrors<T>;
    showErrors(found);
    return Object.keys(found).length === 0;
  };

  /** New values (e.g. what the server saved, or empty password fields), with no messages. */
  const reset = useCallback((next: T) => {
    setValues(next);
    setErrors({});
  }, []);

  return { values, errors, field, validate, showErrors, reset, formRef };
}
