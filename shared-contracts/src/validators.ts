import { registerDecorator, type ValidationArguments, type ValidationOptions } from 'class-validator';
import { normalizeHttpUrl } from './validation.js';

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
