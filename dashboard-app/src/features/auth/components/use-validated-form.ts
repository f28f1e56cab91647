import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { validateWith } from '@/lib/validate';

type Values = Record<string, string>;

/**
 * Form values checked on submit with the same DTO the API uses (so the messages are the spec's words). A field's
 * message clears as soon as it is edited; a failed submit moves focus to the first field with a message.
 */
export function useValidatedForm<T extends Values>(dto: new () => object, initial: T) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof T, string>>>({});
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

  /** True when every field passes; otherwise shows the first message of each failing field. */
  const validate = (): boolean => {
    const found = validateWith(dto, values) as Partial<Record<keyof T, string>>;
    setErrors(found);
    const valid = Object.keys(found).length === 0;
    if (!valid) setFailedAttempts((count) => count + 1);
    return valid;
  };

  return { values, errors, field, validate, formRef };
}
