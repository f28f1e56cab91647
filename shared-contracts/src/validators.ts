import { isEmail, registerDecorator, type ValidationArguments, type ValidationOptions } from 'class-validator';
import { isWellFormedText, normalizeHttpUrl } from './validation.js';

/** Trims a string value; leaves anything else for the type checks to refuse. */
export const trimString = ({ value }: { value: unknown }): unknown => (typeof value === 'string' ? value.trim() : value);

/** An http(s) URL with a host (decisions.md, Links). */
export function IsHttpUrl(options: ValidationOptions): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'isHttpUrl',
      target: target.constructor,
      propertyName: propertyName as string,
      options,
      validator: { validate: (value: unknown) => typeof value === 'string' && normalizeHttpUrl(value) !== null },
    });
}

/**
 * An e-mail address, as class-validator's IsEmail checks one, for any value without throwing: IsEmail throws
 * URIError on text holding an unpaired surrogate (its byte count goes through encodeURI), which would answer
 * 500 where the field's own message is owed.
 */
export function IsEmailAddress(options: ValidationOptions): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      // The name IsEmail has, which the API description reads as `format: email`.
      name: 'isEmail',
      target: target.constructor,
      propertyName: propertyName as string,
      options,
      validator: { validate: isEmailAddress },
    });
}

/** Whether a value is an e-mail address (see IsEmailAddress); false rather than an exception for any value. */
export function isEmailAddress(value: unknown): boolean {
  if (typeof value !== 'string' || !isWellFormedText(value)) return false;
  try {
    return isEmail(value);
  } catch {
    return false;
  }
}

/**
 * A string of at most `max` characters, counted as PostgreSQL counts them (code points). class-validator's
 * MaxLength does not count the variation selectors U+FE0E/U+FE0F, so text it accepts (fifty '❤️') could
 * overflow a varchar column.
 */
export function MaxChars(max: number, options: ValidationOptions): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'maxChars',
      target: target.constructor,
      propertyName: propertyName as string,
      constraints: [max],
      options,
      validator: { validate: (value: unknown) => typeof value === 'string' && [...value].length <= max },
    });
}

/** Equal to another property of the same object. */
export function MatchesProperty(other: string, options: ValidationOptions): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'matchesProperty',
      target: target.constructor,
      propertyName: propertyName as string,
      constraints: [other],
      options,
      validator: {
        validate: (value: unknown, args: ValidationArguments) =>
          value === (args.object as Record<string, unknown>)[other],
      },
    });
}
