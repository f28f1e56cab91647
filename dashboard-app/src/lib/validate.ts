import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';

export type FieldErrors<T> = Partial<Record<keyof T & string, string>>;

/**
 * Validates form values with the same DTO class the API uses, so both say the same words. Returns the first
 * message per field (empty when valid).
 */
export function validateWith<T extends object>(dto: new () => T, values: Record<string, unknown>): FieldErrors<T> {
  const errors = validateSync(plainToInstance(dto, values), { stopAtFirstError: true, forbidUnknownValues: false });
  const result: Record<string, string> = {};
  for (const error of errors) {
    const message = Object.values(error.constraints ?? {})[0];
    if (message && !(error.property in result)) result[error.property] = message;
  }
  return result as FieldErrors<T>;
}
