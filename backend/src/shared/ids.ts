import { randomUUID } from 'node:crypto';

export type Id = string;

export const newId = (): Id => randomUUID();

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isId = (value: string): boolean => UUID_PATTERN.test(value);
