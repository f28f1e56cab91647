import { ApiProperty } from '@nestjs/swagger';
import { getMetadataStorage } from 'class-validator';
import { INTAKE_QUESTIONS_MAX, SOCIAL_PLATFORMS, SOCIALS_MAX_COUNT } from '@linkbio/shared-contracts';

interface Rule {
  type: string;
  name?: string;
  propertyName: string;
  constraints?: unknown[];
  each?: boolean;
  constraintCls?: new () => unknown;
}

type PropertySchema = Record<string, unknown>;

/** What each class-validator rule the shared contracts use says about the value, in JSON Schema. */
const RULES: Record<string, (constraints: unknown[], schema: PropertySchema) => PropertySchema> = {
  isString: () => ({ type: 'string' }),
  isNotEmpty: (_, schema) => (schema.type === 'string' ? { minLength: 1 } : {}),
  minLength: ([min]) => ({ minLength: min }),
  maxLength: ([max]) => ({ maxLength: max }),
  maxChars: ([max]) => ({ type: 'string', maxLength: max }),
  isEmail: () => ({ type: 'string', format: 'email' }),
  isHttpUrl: () => ({ type: 'string', format: 'uri' }),
  isIsoInstant: () => ({ type: 'string', format: 'date-time' }),
  isAfterStart: () => ({ description: 'After startsAt.' }),
  matches: ([pattern], schema) => {
    if (!(pattern instanceof RegExp) || pattern.flags !== '') return { type: 'string' };
    // One `pattern` per schema: several must all match, as lookaheads.
    const earlier = typeof schema.pattern === 'string' ? `(?=${schema.pattern})` : '';
    return { type: 'string', pattern: earlier ? `${earlier}(?=${pattern.source})` : pattern.source };
  },
  matchesProperty: ([other]) => ({ type: 'string', description: `The same as ${String(other)}.` }),
  isInt: () => ({ type: 'integer' }),
  min: ([min]) => ({ minimum: min }),
  max: ([max]) => ({ maximum: max }),
  isBoolean: () => ({ type: 'boolean' }),
  isIn: ([values]) => ({ enum: values }),
  isArray: () => ({ type: 'array' }),
  arrayMaxSize: ([max]) => ({ maxItems: max }),
  isUuid: () => ({ type: 'string', format: 'uuid' }),
  isIntakeAnswerList: () => ({
    type: 'array',
    maxItems: INTAKE_QUESTIONS_MAX,
    items: {
      type: 'object',
      required: ['questionId', 'answer'],
      additionalProperties: false,
      properties: { questionId: { type: 'string' }, answer: { type: 'string' } },
    },
  }),
  isSocialList: () => ({
    type: 'array',
    maxItems: SOCIALS_MAX_COUNT,
    items: {
      type: 'object',
      required: ['platform', 'url'],
      additionalProperties: false,
      properties: { platform: { type: 'string', enum: [...SOCIAL_PLATFORMS] }, url: { type: 'string' } },
    },
  }),
};

const DESIGN_TYPES = new Map<unknown, string>([
  [String, 'string'],
  [Number, 'number'],
  [Boolean, 'boolean'],
  [Array, 'array'],
]);

let described = false;

/**
 * Describes every request body and query class of the shared contracts to the OpenAPI scanner from the
 * class-validator rules they already carry (types, lengths, patterns, ranges, enums, which fields may be absent
 * or null). Runs once; the rules stay the single source of what a request may hold.
 */
export function describeContractClasses(): void {
  if (described) return;
  described = true;
  const storage = getMetadataStorage() as unknown as {
    validationMetadatas: Map<new () => unknown, Rule[]>;
    getTargetValidatorConstraints(target: unknown): Array<{ name: string }>;
  };
  for (const [target, rules] of storage.validationMetadatas) {
    const byProperty = new Map<string, Rule[]>();
    for (const rule of rules) byProperty.set(rule.propertyName, [...(byProperty.get(rule.propertyName) ?? []), rule]);
    for (const [property, propertyRules] of byProperty) {
      ApiProperty(propertySchema(target, property, propertyRules, storage))(target.prototype as object, property);
    }
  }
}

function propertySchema(
  target: new () => unknown,
  property: string,
  rules: Rule[],
  storage: { getTargetValidatorConstraints(target: unknown): Array<{ name: string }> },
): PropertySchema {
  const designType = DESIGN_TYPES.get(Reflect.getMetadata('design:type', target.prototype as object, property));
  let schema: PropertySchema = designType ? { type: designType } : {};
  let items: PropertySchema = {};
  let required = true;
  let nullable = false;
  // Decorators apply bottom-up, so the type checks (written last) come before the bounds.
  for (const rule of rules) {
    if (rule.type === 'conditionalValidation') {
      required = false;
      const condition = rule.constraints?.[0];
      // A condition that skips null lets null through (IsOptional, ValidateIf(set and not null)).
      nullable ||= rule.name === 'isOptional' || (typeof condition === 'function' && condition({}, null) === false);
      continue;
    }
    const name = rule.name || (rule.constraintCls ? storage.getTargetValidatorConstraints(rule.constraintCls)[0]?.name : undefined);
    const describe = name ? RULES[name] : undefined;
    if (!describe) continue;
    if (rule.each) items = { ...items, ...describe(rule.constraints ?? [], items) };
    else schema = { ...schema, ...describe(rule.constraints ?? [], schema) };
  }
  if (schema.type === 'array') schema.items ??= items;
  return { ...schema, required, ...(nullable ? { nullable: true } : {}) };
}
