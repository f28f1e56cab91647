import type { ParseArgsConfig } from 'node:util';
import type { INestApplicationContext } from '@nestjs/common';
import { isId } from '../shared/ids.js';

/** A mistake in the command line: usage is printed and the exit code is 2. */
export class UsageError extends Error {}

export interface Parsed {
  values: Record<string, string | boolean | Array<string | boolean> | undefined>;
  positionals: string[];
}

/** One command of the operators' command line (ops.main.ts). */
export interface OpsCommand<Input = unknown> {
  usage: string;
  summary: string;
  options: NonNullable<ParseArgsConfig['options']>;
  /** Turns the arguments into the command's input, or throws UsageError. Runs before anything connects. */
  check(args: Parsed): Input;
  /** Does it; may answer the exit code (0 when it answers none), as a check's outcome (1: something to look at). */
  run(app: INestApplicationContext, input: Input, print: (line: string) => void): Promise<void | number>;
}

export const command = <Input>(definition: OpsCommand<Input>): OpsCommand => definition as OpsCommand;

/** Columns padded to their widest cell, two spaces apart. */
export function table(headers: string[], rows: string[][]): string[] {
  const widths = headers.map((header, i) => Math.max(header.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i === cells.length - 1 ? cell : cell.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(headers), ...rows.map(line)];
}

export const utc = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

export function noPositionals(args: Parsed): void {
  if (args.positionals.length > 0) throw new UsageError(`Unexpected argument: ${args.positionals[0]}`);
}

/** The one id a command acts on: present, alone, and shaped like an id. */
export function onlyId(args: Parsed, missing: string, what: string): string {
  const [id, extra] = args.positionals;
  if (!id) throw new UsageError(missing);
  if (extra !== undefined) throw new UsageError(`Unexpected argument: ${extra}`);
  if (!isId(id)) throw new UsageError(`${id} is not ${what}`);
  return id;
}
