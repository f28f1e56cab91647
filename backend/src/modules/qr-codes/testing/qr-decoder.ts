import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { DOMParser, onWarningStopParsing, type Document, type Element } from '@xmldom/xmldom';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';

/*
 * Reading QR codes back in specs, with ZXing (zxing-wasm: the maintained C++ ZXing compiled to WebAssembly)
 * rather than with the library that drew them. PNGs are decoded from their bytes; SVGs are parsed as XML,
 * their modules read from the path data and painted into pixels, then decoded the same way.
 */

export const SVG_NAMESPACE = 'http://www.w3.org/2000/svg';

/** What ZXing read: the text, the error correction level and where the symbol starts. */
export interface DecodedQrCode {
  text: string;
  ecLevel: string;
  /** Where the symbol's top-left corner is, in pixels: the quiet zone's width. */
  left: number;
  top: number;
}

export interface Pixels {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

let zxing: Promise<unknown> | null = null;

/** Loads ZXing's WebAssembly from the installed package (zxing-wasm would fetch it from a CDN otherwise). */
function ready(): Promise<unknown> {
  zxing ??= readFile(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm')).then((file) =>
    prepareZXingModule({
      overrides: { wasmBinary: file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength) },
      fireImmediately: true,
    }),
  );
  return zxing;
}

/** Every QR code ZXing finds in a PNG (its bytes) or in RGBA pixels. */
export async function decodeQrCodes(image: Uint8Array | Pixels): Promise<DecodedQrCode[]> {
  await ready();
  const input = image instanceof Uint8Array ? new Uint8Array(image) : image;
  const results = await readBarcodes(input, { formats: ['QRCode'], tryHarder: true, maxNumberOfSymbols: 4 });
  return results
    .filter((result) => result.isValid)
    .map((result) => ({
      text: result.text,
      ecLevel: result.ecLevel,
      left: result.position.topLeft.x,
      top: result.position.topLeft.y,
    }));
}

/** A PNG's width and height, from its IHDR chunk. */
export function pngDimensions(png: Uint8Array): { width: number; height: number } {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (!signature.every((byte, i) => png[i] === byte)) throw new Error('Not a PNG');
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  if (String.fromCharCode(...png.subarray(12, 16)) !== 'IHDR') throw new Error('PNG without an IHDR chunk first');
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/** Parses an SVG document as XML, refusing anything not well-formed (any parser warning or error throws). */
export function parseSvg(svg: string): Document {
  return new DOMParser({ onError: onWarningStopParsing }).parseFromString(svg, 'image/svg+xml');
}

/** Every element of the document, depth first, with its namespace and attribute names. */
export function elementsOf(document: Document): { namespace: string | null; name: string; attributes: string[] }[] {
  const found: { namespace: string | null; name: string; attributes: string[] }[] = [];
  const visit = (element: Element) => {
    const attributes = Array.from({ length: element.attributes.length }, (_, i) => element.attributes.item(i)!.name);
    found.push({ namespace: element.namespaceURI, name: element.localName ?? element.nodeName, attributes });
    for (let child = element.firstChild; child; child = child.nextSibling) {
      if (child.nodeType === child.ELEMENT_NODE) visit(child as Element);
    }
  };
  if (document.documentElement) visit(document.documentElement);
  return found;
}

const WHITE = /^#(?:fff|ffffff)$/i;
const BLACK = /^#(?:000|000000)$/i;

/**
 * The modules of a QR code SVG as node-qrcode draws it: a square viewBox of one unit per module, a white
 * background path, and one black stroke (width 1) whose `M`/`m`/`h` commands run along each row's centre
 * line. Anything else in the drawing throws, so a change of shape fails loudly instead of misreading.
 */
export function svgModules(document: Document): boolean[][] {
  const root = document.documentElement;
  if (!root || root.localName !== 'svg') throw new Error('No <svg> root');
  const viewBox = (root.getAttribute('viewBox') ?? '')
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  const [x0, y0, width, height] = viewBox;
  if (viewBox.length !== 4 || x0 !== 0 || y0 !== 0 || width !== height || !Number.isInteger(width)) {
    throw new Error(`Unexpected viewBox ${root.getAttribute('viewBox')}`);
  }
  const size = width!;
  const dark = Array.from({ length: size }, () => Array<boolean>(size).fill(false));
  for (const path of Array.from(root.getElementsByTagNameNS(SVG_NAMESPACE, 'path'))) {
    const d = path.getAttribute('d') ?? '';
    const stroke = path.getAttribute('stroke');
    if (!stroke) {
      if (!WHITE.test(path.getAttribute('fill') ?? '')) throw new Error(`A filled path that is not white: ${d}`);
      continue;
    }
    if (!BLACK.test(stroke) || (path.getAttribute('stroke-width') ?? '1') !== '1') throw new Error('Unexpected stroke');
    let x = 0;
    let y = 0;
    let consumed = 0;
    for (const command of d.matchAll(/\s*([MmHh])\s*(-?\d+(?:\.\d+)?)(?:[\s,]+(-?\d+(?:\.\d+)?))?/gy)) {
      consumed += command[0].length;
      const [, name, first, second] = command;
      const a = Number(first);
      const b = second === undefined ? undefined : Number(second);
      if (name === 'M' || name === 'm') {
        if (b === undefined) throw new Error(`${name} needs two numbers`);
        x = name === 'M' ? a : x + a;
        y = name === 'M' ? b : y + b;
        continue;
      }
      const to = name === 'H' ? a : x + a;
      const row = y - 0.5;
      if (b !== undefined || !Number.isInteger(row) || !Number.isInteger(x) || !Number.isInteger(to) || to < x) {
        throw new Error(`A stroke off the module grid at ${x},${y}`);
      }
      for (let column = x; column < to; column += 1) {
        if (row < 0 || row >= size || column < 0 || column >= size) throw new Error('A module outside the viewBox');
        dark[row]![column] = true;
      }
      x = to;
    }
    if (consumed !== d.length) throw new Error(`Unexpected path data: ${d.slice(consumed, consumed + 20)}`);
  }
  return dark;
}

/** Paints modules into RGBA pixels, `scale` pixels a module, black on white. */
export function paint(modules: boolean[][], scale = 8): Pixels {
  const width = modules.length * scale;
  const data = new Uint8ClampedArray(width * width * 4).fill(255);
  modules.forEach((row, y) =>
    row.forEach((isDark, x) => {
      if (!isDark) return;
      for (let dy = 0; dy < scale; dy += 1) {
        const start = ((y * scale + dy) * width + x * scale) * 4;
        for (let i = start; i < start + scale * 4; i += 4) data.fill(0, i, i + 3);
      }
    }),
  );
  return { data, width, height: width };
}
