import { clsx, type ClassValue } from 'clsx';

/** Joins class names, dropping false and empty ones. */
export const cn = (...values: ClassValue[]): string => clsx(values);
