import { imageTypeOfKey, sniffImageType } from './image-type.js';
import { imageKeyOwner, isObjectKey, newImageKey, newUploadKey, uploadKeyOwner } from './object-keys.js';

const bytes = (...values: (number | string)[]) =>
  Uint8Array.from(values.flatMap((v) => (typeof v === 'string' ? [...v].map((c) => c.charCodeAt(0)) : [v])));

describe('sniffImageType', () => {
  it.each([
    ['JPEG', bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10), 'image/jpeg'],
    ['PNG', bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a, 0, 0), 'image/png'],
    ['GIF87a', bytes('GIF87a', 1, 0), 'image/gif'],
    ['GIF89a', bytes('GIF89a', 1, 0), 'image/gif'],
    ['WebP', bytes('RIFF', 0x24, 0, 0, 0, 'WEBPVP8 '), 'image/webp'],
  ])('recognises %s', (_name, data, type) => {
    expect(sniffImageType(data)).toBe(type);
  });

  it.each([
    ['SVG', bytes('<svg xmlns="http://www.w3.org/2000/svg">')],
    ['XML-prefixed SVG', bytes('<?xml version="1.0"?><svg>')],
    ['text', bytes('hello world, not an image')],
    ['a RIFF that is not WebP', bytes('RIFF', 0, 0, 0, 0, 'WAVEfmt ')],
    ['a truncated PNG', bytes(0x89, 'PNG')],
    ['nothing', bytes()],
  ])('refuses %s', (_name, data) => {
    expect(sniffImageType(data)).toBeNull();
  });

  it('maps stored keys back to their type', () => {
    expect(imageTypeOfKey('users/x/y.webp')).toBe('image/webp');
    expect(imageTypeOfKey('users/x/y.svg')).toBeNull();
  });
});

describe('object keys', () => {
  const user = '0b6f3c1e-8d2a-4f4b-9c1d-2e3f4a5b6c7d';

  it('names uploads and images under the creator', () => {
    expect(uploadKeyOwner(newUploadKey(user))).toBe(user);
    expect(imageKeyOwner(newImageKey(user, 'image/png'))).toBe(user);
    expect(newImageKey(user, 'image/jpeg')).toMatch(/\.jpg$/);
  });

  it.each([
    `uploads/${user}/../../etc/passwd`,
    `uploads/${user}/..`,
    `/uploads/${user}/0b6f3c1e-8d2a-4f4b-9c1d-2e3f4a5b6c7d`,
    `users/${user}/0b6f3c1e-8d2a-4f4b-9c1d-2e3f4a5b6c7d.svg`,
    `uploads/${user}/0b6f3c1e-8d2a-4f4b-9c1d-2e3f4a5b6c7d/x`,
    'users/../../secret',
  ])('refuses the key %s', (key) => {
    expect(isObjectKey(key)).toBe(false);
  });
});
