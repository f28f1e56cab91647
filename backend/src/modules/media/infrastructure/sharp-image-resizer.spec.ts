import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { imageResizerContract } from '../testing/image-resizer.contract.js';
import { SharpImageResizer } from './sharp-image-resizer.js';

imageResizerContract('sharp', () => new SharpImageResizer(), { undecodable: () => undefined });

describe('SharpImageResizer', () => {
  const resizer = new SharpImageResizer();

  it('crops a wide photo to the middle square, at the size asked for', async () => {
    // Left third red, middle green, right third blue: the square keeps the green.
    const wide = await sharp({ create: { width: 300, height: 100, channels: 3, background: '#00ff00' } })
      .composite([
        { input: { create: { width: 100, height: 100, channels: 3, background: '#ff0000' } }, left: 0, top: 0 },
        { input: { create: { width: 100, height: 100, channels: 3, background: '#0000ff' } }, left: 200, top: 0 },
      ])
      .jpeg()
      .toBuffer();
    const resized = await resizer.squareWebp(wide, 88);
    const { data, info } = await sharp(resized!.bytes).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([88, 88]);
    const [r, g, b] = data.subarray(0, 3);
    expect(g).toBeGreaterThan(200);
    expect(r! + b!).toBeLessThan(60);
  });

  it('drops EXIF (with its GPS position) and turns the photo upright first', async () => {
    // 200×100 stored sideways, EXIF orientation 6 (turn 90° clockwise to show): upright it is 100×200.
    const photo = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#888888' } })
      .jpeg()
      .withExif({ IFD0: { Orientation: '6', Make: 'PhoneCo', Model: 'Snap 9' }, IFD3: { GPSLatitude: '48/1 51/1 24/1' } })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const resized = await resizer.squareWebp(photo, 88);
    const meta = await sharp(resized!.bytes).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 88, height: 88 });
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(resized!.bytes.includes(Buffer.from('PhoneCo'))).toBe(false);
  });

  it('keeps only the first frame of an animated GIF', async () => {
    // Three 40×40 frames, red then green then blue: the thumbnail is the red one, still.
    const frame = (colour: string) => sharp({ create: { width: 40, height: 40, channels: 3, background: colour } }).png().toBuffer();
    const frames = await Promise.all(['#ff0000', '#00ff00', '#0000ff'].map(frame));
    const threeFrames = await sharp(frames, { join: { animated: true } }).gif({ loop: 0, delay: [100, 100, 100] }).toBuffer();
    expect((await sharp(threeFrames).metadata()).pages).toBe(3);
    const resized = await resizer.squareWebp(threeFrames, 88);
    const meta = await sharp(resized!.bytes).metadata();
    expect(meta.pages ?? 1).toBe(1);
    expect([meta.width, meta.height]).toEqual([88, 88]);
    const [r, g] = await sharp(resized!.bytes).raw().toBuffer();
    expect(r).toBeGreaterThan(200);
    expect(g).toBeLessThan(60);
  });

  it('refuses a truncated file, and one whose header claims 100 MP (a decompression bomb), without decoding it', async () => {
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#123456' } }).png().toBuffer();
    expect(await resizer.squareWebp(png.subarray(0, png.length - 30), 88)).toBeNull();
    // A small PNG whose header claims 10,000 × 10,000 (100 MP, with a correct checksum): refused from the header.
    const bomb = Buffer.from(png);
    bomb.writeUInt32BE(10_000, 16);
    bomb.writeUInt32BE(10_000, 20);
    bomb.writeUInt32BE(crc32(bomb.subarray(12, 29)), 29);
    const under = Buffer.from(png);
    expect(await resizer.squareWebp(under, 88)).not.toBeNull();
    expect(await resizer.squareWebp(bomb, 88)).toBeNull();
  });
});
