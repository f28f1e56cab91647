import { Texts } from '../texts';

export interface CustomerDetails {
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  message: string;
}

export type DetailErrors = Partial<Record<'customerName' | 'customerEmail', string>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The booking form's rules (spec §5): a name, a valid e-mail; phone and message optional. */
export function validateDetails(details: CustomerDetails): DetailErrors {
  const errors: DetailErrors = {};
  if (details.customerName.trim() === '') errors.customerName = Texts.nameRequired;
  if (!EMAIL.test(details.customerEmail.trim())) errors.customerEmail = Texts.validEmailRequired;
  return errors;
}
