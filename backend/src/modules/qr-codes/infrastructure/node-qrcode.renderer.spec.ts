import { QR_QUIET_ZONE } from '../domain/qr-code.js';
import { decodeQrCodes, paint, parseSvg, pngDimensions, svgModules } from '../testing/qr-decoder.js';
import { NodeQrcodeRenderer } from './node-qrcode.renderer.js';

const URL = 'https://linkbio.example/alice';
// Long enough for a bigger symbol (more modules), so sizes are checked against more than one grid.
const LONG_URL = `https://links.of-a-rather-long-host-name.example/${'a'.repeat(40)}`;

describe('NodeQrcodeRenderer', () => {
  const renderer = new NodeQrcodeRenderer();

  describe('svg', () => {
    it('draws a code that reads back as the text, at error correction level M', async () => {
      const svg = await renderer.svg(URL);

      const decoded = await decodeQrCodes(paint(svgModules(parseSvg(svg))));
      expect(decoded).toEqual([expect.objectContaining({ text: URL, ecLevel: 'M' })]);
    });

    it('leaves a quiet zone of four modules on every side', async () => {
      const modules = svgModules(parseSvg(await renderer.svg(URL)));
      const size = modules.length;
      const darkRows = modules.flatMap((row, y) => (row.includes(true) ? [y] : []));
      const darkColumns = modules[0]!.flatMap((_, x) => (modules.some((row) => row[x]) ? [x] : []));

      expect([darkRows[0], darkRows.at(-1)]).toEqual([QR_QUIET_ZONE, size - QR_QUIET_ZONE - 1]);
      expect([darkColumns[0], darkColumns.at(-1)]).toEqual([QR_QUIET_ZONE, size - QR_QUIET_ZONE - 1]);
      // The top-left finder pattern's outer ring starts right at the quiet zone's edge.
      expect(modules[QR_QUIET_ZONE]!.slice(QR_QUIET_ZONE, QR_QUIET_ZONE + 7)).toEqual(Array(7).fill(true));
    });
  });

  describe('png', () => {
    // Rasterising and decoding takes a few hundred milliseconds alone, seconds on a machine busy with the rest.
    const PNG_TIMEOUT_MS = 30_000;

    it('draws a code that reads back as the text, at error correction level M', async () => {
      const png = await renderer.png(URL, 512);

      expect(await decodeQrCodes(png)).toEqual([expect.objectContaining({ text: URL, ecLevel: 'M' })]);
    }, PNG_TIMEOUT_MS);

    // Sizes where width / modules × modules falls short of the width in floating point, for one text or the other.
    it.each([256, 307, 312, 396])('is exactly %i pixels square, whatever the module count', async (size) => {
      for (const text of [URL, LONG_URL]) {
        expect(pngDimensions(await renderer.png(text, size))).toEqual({ width: size, height: size });
      }
    }, PNG_TIMEOUT_MS);

    it('leaves a quiet zone of four modules before the symbol', async () => {
      const size = 512;
      const modules = svgModules(parseSvg(await renderer.svg(URL))).length;
      const [decoded] = await decodeQrCodes(await renderer.png(URL, size));
      const quietZone = (QR_QUIET_ZONE * size) / modules;

      expect(decoded!.left).toBeCloseTo(quietZone, -1);
      expect(decoded!.top).toBeCloseTo(quietZone, -1);
    }, PNG_TIMEOUT_MS);
  });
});
