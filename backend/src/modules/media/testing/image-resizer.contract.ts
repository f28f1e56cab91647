import type { ImageResizer } from '../application/ports/image-resizer.js';

/** A 1×1 PNG and bytes that start like a PNG and are none: what every ImageResizer must tell apart. */
const PNG_1X1 = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000970485973000003e8000003e801b57b526b' +
    '0000000d49444154089963304e9bf91f0004340232797a01740000000049454e44ae426082',
  'hex',
);
const DISGUISED = Buffer.concat([PNG_1X1.subarray(0, 8), Buffer.from('this is a text file named me.png\n')]);

/** The behaviour every ImageResizer shares; run by the fake's spec and the sharp adapter's. */
export function imageResizerContract(name: string, make: () => ImageResizer, options: { undecodable: (resizer: ImageResizer, bytes: Buffer) => void }) {
  describe(`ImageResizer contract: ${name}`, () => {
    it('makes a WebP square of the size asked for', async () => {
      const resized = await make().squareWebp(PNG_1X1, 88);
      expect(resized).toEqual(expect.objectContaining({ contentType: 'image/webp', width: 88, height: 88 }));
      expect(resized!.bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
      expect(resized!.bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');
    });

    it('refuses bytes that only start like an image', async () => {
      const resizer = make();
      options.undecodable(resizer, DISGUISED);
      expect(await resizer.squareWebp(DISGUISED, 88)).toBeNull();
    });

    it('refuses what is no image at all', async () => {
      expect(await make().squareWebp(Buffer.from('hello'), 88)).toBeNull();
    });
  });
}
