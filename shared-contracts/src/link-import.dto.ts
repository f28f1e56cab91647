import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsString, ValidateIf, registerDecorator, type ValidationOptions } from 'class-validator';
import { FREE_PLAN_LINK_LIMIT } from './constants.js';

/* ---------------------------------------------------------------------------------------------------------
 * Importing links from a Linktree page, a CSV file (`title,url`) or a browser's bookmarks file: the creator
 * sees a preview of what would be added (POST /api/imports/preview), then confirms the rows they keep
 * (POST /api/imports/confirm).
 * ------------------------------------------------------------------------------------------------------- */

export const LINK_IMPORT_SOURCES = ['linktree', 'csv', 'bookmarks'] as const;
export type LinkImportSource = (typeof LINK_IMPORT_SOURCES)[number];

/** The largest file that can be imported, in bytes (its text as UTF-8). */
export const LINK_IMPORT_MAX_BYTES = 2 * 1024 * 1024;
/** How many Linktree pages a creator may have the server read in an hour. */
export const LINKTREE_READS_PER_HOUR = 30;
/** The most links one import can hold, in the file and in the confirmation. */
export const LINK_IMPORT_MAX_ROWS = 300;

export const LinkImportMessages = {
  invalidSource: 'Choose where to import from: linktree, csv or bookmarks.',
  addressRequired: 'Enter a Linktree address, like https://linktr.ee/yourname.',
  notLinktreeAddress: 'Only Linktree addresses can be read, like https://linktr.ee/yourname.',
  contentRequired: 'Choose a file to import.',
  fileTooLarge: 'This file is too large to import: files up to 2 MB can be imported.',
  tooManyRows: `This file holds more than ${LINK_IMPORT_MAX_ROWS} links. Import at most ${LINK_IMPORT_MAX_ROWS} at a time (export one bookmarks folder, or split the file).`,
  notCsv: (detail: string) => `This file could not be read as CSV (${detail}). Save it as CSV with a title and a URL on each line.`,
  rowsRequired: 'Choose at least one link to import.',
  tooManyToConfirm: `Import at most ${LINK_IMPORT_MAX_ROWS} links at a time.`,
  rowsShape: 'Each link to import needs a title and a URL.',
  rowRefused: (row: number, reason: string) => `Link ${row}: ${reason}`,
  linktreeNotFound: (name: string) => `There is no Linktree page at linktr.ee/${name}.`,
  linktreeElsewhere: 'That Linktree address sends visitors to another site, so it was not read. Only pages on linktr.ee can be imported.',
  linktreeTooLarge: 'That Linktree page is larger than 2 MB, so it was not read.',
  linktreeUnreadable: 'That Linktree page could not be read: its links were not where Linktree usually puts them.',
  linktreeTimeout: 'Linktree took too long to answer. Try again in a moment.',
  linktreeUnavailable: 'Linktree could not be reached. Try again in a moment.',
  linktreeTooMany: (minutes: number) =>
    `That is a lot of Linktree pages in an hour. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}, or import a file.`,
  // Why a row is skipped, shown beside it in the preview.
  skipNotHttp: (scheme: string) => `Only web addresses (http or https) can be added, not ${scheme} ones`,
  skipInvalidUrl: 'Not a valid web address',
  skipNoUrl: 'No address',
  skipExisting: 'Already among your links',
  skipRepeated: (row: number) => `The same address as link ${row}`,
  skipOverLimit: `Past the free plan's ${FREE_PLAN_LINK_LIMIT} links`,
  skipLinktreeHeader: 'A section header on Linktree, not a link',
  skipLinktreeLocked: 'Locked on Linktree (sensitive content or another gate)',
  skipLinktreeKind: (type: string) => `Not a plain link on Linktree (${type})`,
} as const;

/**
 * What the import does with a row: `add` it, `skip` it (with the reason), or leave it out because the
 * creator's plan holds no more (`over-limit`: it would be added on Premium or after removing other links).
 */
export type LinkImportOutcome = 'add' | 'skip' | 'over-limit';

export interface LinkImportRowView {
  title: string;
  url: string;
  outcome: LinkImportOutcome;
  /** Why the row is not added; null for `add`. */
  reason: string | null;
}

export interface LinkImportPreviewView {
  /** Every link found, in the source's order. */
  rows: LinkImportRowView[];
  /** How many links the creator's plan holds in all; null: no limit (Premium). */
  limit: number | null;
  /** How many links the creator has now. */
  existing: number;
  /** How many more links fit the plan; null: no limit. */
  room: number | null;
}

export class PreviewLinkImportRequest {
  @IsIn(LINK_IMPORT_SOURCES, { message: LinkImportMessages.invalidSource })
  source!: LinkImportSource;

  /** `linktree`: the page's address (https://linktr.ee/name). */
  @IsString({ message: LinkImportMessages.addressRequired })
  @ValidateIf((request: PreviewLinkImportRequest) => request.source === 'linktree')
  address?: string;

  /** `csv`, `bookmarks`: the file's text. */
  @IsString({ message: LinkImportMessages.contentRequired })
  @ValidateIf((request: PreviewLinkImportRequest) => request.source === 'csv' || request.source === 'bookmarks')
  content?: string;
}

export interface LinkImportRowInput {
  title: string;
  url: string;
}

/** Each element an object with a string `title` and a string `url`, and nothing else. */
function AreImportRows(options: ValidationOptions): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'areImportRows',
      target: target.constructor,
      propertyName: propertyName as string,
      options,
      validator: {
        validate: (value: unknown) =>
          Array.isArray(value) &&
          value.every(
            (row: unknown) =>
              typeof row === 'object' &&
              row !== null &&
              !Array.isArray(row) &&
              Object.keys(row).every((key) => key === 'title' || key === 'url') &&
              typeof (row as { title?: unknown }).title === 'string' &&
              typeof (row as { url?: unknown }).url === 'string',
          ),
      },
    });
}

export class ConfirmLinkImportRequest {
  /** The rows to add, in the order they are to appear after the creator's current links. */
  @AreImportRows({ message: LinkImportMessages.rowsShape })
  @ArrayMaxSize(LINK_IMPORT_MAX_ROWS, { message: LinkImportMessages.tooManyToConfirm })
  @ArrayMinSize(1, { message: LinkImportMessages.rowsRequired })
  @IsArray({ message: LinkImportMessages.rowsRequired })
  rows!: LinkImportRowInput[];
}
