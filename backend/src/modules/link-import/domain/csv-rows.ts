import { CsvError, parse } from 'csv-parse/sync';
import { LinkImportMessages } from '@linkbio/shared-contracts';
import { invalid } from '../../../shared/domain-error.js';
import type { SourceRow } from './import-plan.js';

const TITLE_NAMES = new Set(['title', 'name', 'label', 'text']);
const URL_NAMES = new Set(['url', 'link', 'href', 'address', 'website']);

/** A first line naming its columns (`title,url`, `Name;Link`...): where the title and the URL are. */
function headerColumns(first: string[]): { title: number; url: number } | null {
  const names = first.map((cell) => cell.trim().toLowerCase());
  const url = names.findIndex((name) => URL_NAMES.has(name));
  if (url === -1) return null;
  const title = names.findIndex((name) => TITLE_NAMES.has(name));
  return { title, url };
}

/** `;` when the first line has semicolons and no comma (a spreadsheet saved in a locale with decimal commas). */
function delimiterOf(content: string): ',' | ';' {
  const firstLine = content.slice(0, content.search(/\r?\n|$/));
  return !firstLine.includes(',') && firstLine.includes(';') ? ';' : ',';
}

/**
 * The links of a CSV file: `title,url` on each line (RFC 4180 quoting, a BOM, CRLF or LF, blank lines, extra
 * columns ignored), with or without a header line naming the columns (which may then come in any order). A
 * line with one cell is a URL alone. Refused with a plain message when the text is not CSV.
 */
export function csvRows(content: string): SourceRow[] {
  let records: string[][];
  try {
    records = parse(content, {
      bom: true,
      delimiter: delimiterOf(content.replace(/^\uFEFF/, '')),
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
    }) as string[][];
  } catch (error) {
    if (error instanceof CsvError) throw invalid(LinkImportMessages.notCsv(`line ${lineOf(error)}: ${describe(error)}`));
    throw error;
  }
  const header = records.length > 0 ? headerColumns(records[0]!) : null;
  const body = header ? records.slice(1) : records;
  return body.map((cells) => {
    if (header) return { title: header.title === -1 ? '' : (cells[header.title] ?? ''), url: cells[header.url] ?? '' };
    if (cells.length === 1) return { title: '', url: cells[0]! };
    return { title: cells[0] ?? '', url: cells[1] ?? '' };
  });
}

function lineOf(error: CsvError): number {
  const { lines } = error as CsvError & { lines?: number };
  return typeof lines === 'number' ? lines : 1;
}

function describe(error: CsvError): string {
  if (error.code === 'CSV_QUOTE_NOT_CLOSED') return 'a quote is never closed';
  if (error.code === 'CSV_INVALID_CLOSING_QUOTE' || error.code === 'INVALID_OPENING_QUOTE') return 'a quote is in the middle of a value';
  return 'it is not laid out as CSV';
}
