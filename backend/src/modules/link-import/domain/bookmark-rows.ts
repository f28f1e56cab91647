import { Parser } from 'htmlparser2';
import type { SourceRow } from './import-plan.js';

/**
 * The links of a browser's bookmarks file (the Netscape bookmark format Chrome, Firefox, Safari and Edge
 * export: `<DT><A HREF="…">title</A>` inside nested `<DL>` folders), in the file's order, folders flattened.
 * Read by htmlparser2, a tolerant HTML tokenizer: entities in titles and addresses are decoded, tags inside a
 * title are dropped, its text kept. Anything else in the file (folder names, descriptions, icons) is ignored.
 */
export function bookmarkRows(content: string): SourceRow[] {
  const rows: SourceRow[] = [];
  let open: { url: string; title: string } | null = null;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name !== 'a') return;
        if (open) rows.push(open);
        open = { url: attributes.href ?? '', title: '' };
      },
      ontext(text) {
        if (open) open.title += text;
      },
      onclosetag(name) {
        if (name !== 'a' || !open) return;
        rows.push(open);
        open = null;
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(content);
  parser.end();
  if (open) rows.push(open);
  return rows;
}
