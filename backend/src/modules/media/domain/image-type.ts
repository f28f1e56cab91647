/** The image types the product stores, each recognised by its first bytes (decisions.md, Uploads). */
export type ImageType = 'image/jpeg' | 'image/png' | 'image/webp' | 'image/gif';

export const IMAGE_EXTENSIONS: Record<ImageType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

/** How many leading bytes `sniffImageType` needs. */
export const SNIFF_BYTES = 12;

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The real type of a file by its first bytes; null for anything else (SVG, text, HTML, truncated files). */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}

/** Content type of a stored image by its key's extension (the key was named after the sniffed type). */
export function imageTypeOfKey(key: string): ImageType | null {
  const extension = key.slice(key.lastIndexOf('.') + 1);
  const entry = Object.entries(IMAGE_EXTENSIONS).find(([, ext]) => ext === extension);
  return entry ? (entry[0] as ImageType) : null;
}
