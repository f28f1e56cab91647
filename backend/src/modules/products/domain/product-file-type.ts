/**
 * What a product's file is, told from its first bytes only (issue 27): the types a creator may sell, and the
 * ones refused outright (programs, scripts, web pages, SVG). The name the creator gave never decides the type;
 * it is given an extension that matches the type, so a saved download opens as what it is.
 */
export interface ProductFileType {
  contentType: string;
  /** Extensions a file of this type may keep; the first is added when the name has none of them. */
  extensions: readonly string[];
}

export type FileVerdict = { ok: true; type: ProductFileType } | { ok: false; reason: 'dangerous' | 'unknown' };

const T = (contentType: string, ...extensions: string[]): ProductFileType => ({ contentType, extensions });
const TYPES = {
  pdf: T('application/pdf', 'pdf'),
  zip: T('application/zip', 'zip'),
  epub: T('application/epub+zip', 'epub'),
  mp3: T('audio/mpeg', 'mp3'),
  m4a: T('audio/mp4', 'm4a'),
  wav: T('audio/wav', 'wav'),
  mp4: T('video/mp4', 'mp4', 'm4v'),
  mov: T('video/quicktime', 'mov'),
  png: T('image/png', 'png'),
  jpeg: T('image/jpeg', 'jpg', 'jpeg'),
  webp: T('image/webp', 'webp'),
  gif: T('image/gif', 'gif'),
  csv: T('text/csv; charset=utf-8', 'csv'),
  markdown: T('text/markdown; charset=utf-8', 'md', 'markdown'),
  text: T('text/plain; charset=utf-8', 'txt'),
} as const;

const ascii = (bytes: Buffer, at: number, text: string) => bytes.subarray(at, at + text.length).toString('latin1') === text;
const startsWith = (bytes: Buffer, ...values: number[]) => values.every((value, i) => bytes[i] === value);

function isExecutable(bytes: Buffer): boolean {
  return (
    ascii(bytes, 0, 'MZ') || // Windows programs
    startsWith(bytes, 0x7f, 0x45, 0x4c, 0x46) || // ELF
    startsWith(bytes, 0xcf, 0xfa, 0xed, 0xfe) ||
    startsWith(bytes, 0xce, 0xfa, 0xed, 0xfe) ||
    startsWith(bytes, 0xfe, 0xed, 0xfa, 0xce) ||
    startsWith(bytes, 0xfe, 0xed, 0xfa, 0xcf) ||
    startsWith(bytes, 0xca, 0xfe, 0xba, 0xbe) || // Mach-O, Java classes
    ascii(bytes, 0, '\0asm') ||
    ascii(bytes, 0, '#!')
  );
}

function binaryType(bytes: Buffer): ProductFileType | null {
  if (ascii(bytes, 0, '%PDF-')) return TYPES.pdf;
  if (ascii(bytes, 0, 'PK\x03\x04') || ascii(bytes, 0, 'PK\x05\x06')) {
    return ascii(bytes, 30, 'mimetypeapplication/epub+zip') ? TYPES.epub : TYPES.zip;
  }
  if (startsWith(bytes, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return TYPES.png;
  if (startsWith(bytes, 0xff, 0xd8, 0xff)) return TYPES.jpeg;
  if (ascii(bytes, 0, 'GIF87a') || ascii(bytes, 0, 'GIF89a')) return TYPES.gif;
  if (ascii(bytes, 0, 'RIFF') && ascii(bytes, 8, 'WEBP')) return TYPES.webp;
  if (ascii(bytes, 0, 'RIFF') && ascii(bytes, 8, 'WAVE')) return TYPES.wav;
  if (ascii(bytes, 0, 'ID3') || (bytes[0] === 0xff && bytes.length > 1 && (bytes[1]! & 0xe6) === 0xe2)) return TYPES.mp3;
  if (ascii(bytes, 4, 'ftyp')) {
    const brand = bytes.subarray(8, 12).toString('latin1');
    if (brand === 'qt  ') return TYPES.mov;
    if (brand === 'M4A ' || brand === 'M4B ') return TYPES.m4a;
    return TYPES.mp4;
  }
  return null;
}

/** Markup a browser would run or render: web pages, SVG, XML, scripts. */
const MARKUP = /<\s*(!doctype|html|head|body|script|svg|iframe|object|embed|\?xml)\b|<\?php/i;

function textType(bytes: Buffer, fileName: string): FileVerdict {
  if (bytes.includes(0)) return { ok: false, reason: 'unknown' };
  // The first bytes may end inside a character: only the last 3 may be cut.
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let text: string;
  try {
    text = decoder.decode(bytes.length > 3 ? trimCutCharacter(bytes) : bytes);
  } catch {
    return { ok: false, reason: 'unknown' };
  }
  // eslint-disable-next-line no-control-regex
  if (/[\u0001-\u0008\u000e-\u001f\u007f]/.test(text)) return { ok: false, reason: 'unknown' };
  if (MARKUP.test(text)) return { ok: false, reason: 'dangerous' };
  const extension = extensionOf(fileName);
  if (extension === 'csv') return { ok: true, type: TYPES.csv };
  if (extension === 'md' || extension === 'markdown') return { ok: true, type: TYPES.markdown };
  return { ok: true, type: TYPES.text };
}

function trimCutCharacter(bytes: Buffer): Buffer {
  let end = bytes.length;
  // Step back over continuation bytes (10xxxxxx) and the lead byte that starts them, if the sequence is cut.
  for (let back = 1; back <= 3 && end - back >= 0; back++) {
    const byte = bytes[end - back]!;
    if ((byte & 0xc0) === 0x80) continue;
    if (byte >= 0xc0) {
      const needed = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : 2;
      if (needed > back) end -= back;
    }
    break;
  }
  return bytes.subarray(0, end);
}

const extensionOf = (fileName: string): string => /\.([a-z0-9]{1,10})$/i.exec(fileName)?.[1]?.toLowerCase() ?? '';

/** The verdict on a file from its first bytes (and, for text only, whether it is CSV or Markdown by its name). */
export function sniffProductFile(head: Buffer, fileName: string): FileVerdict {
  if (head.length === 0) return { ok: false, reason: 'unknown' };
  if (isExecutable(head)) return { ok: false, reason: 'dangerous' };
  const binary = binaryType(head);
  if (binary) return { ok: true, type: binary };
  return textType(head, fileName);
}

/**
 * The name the buyer's download gets: no folders, no control or quoting characters, at most 255 characters,
 * ending in an extension of its real type.
 */
export function downloadName(fileName: string, type: ProductFileType): string {
  // eslint-disable-next-line no-control-regex
  let name = (fileName.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f"]/g, '').trim().replace(/^\.+/, '');
  if (!name) name = 'download';
  if (!type.extensions.includes(extensionOf(name))) name = `${name}.${type.extensions[0]}`;
  if ([...name].length > 255) {
    const extension = `.${extensionOf(name)}`;
    name = [...name].slice(0, 255 - extension.length).join('') + extension;
  }
  return name;
}
