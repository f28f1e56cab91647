import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { BodiesOf, EncodedBody, preferredEncoding, RecentBodiesOf } from './encoded-body.js';

const HTML = 'text/html; charset=utf-8';
/** Well past the size from which bodies are compressed, and not ASCII only. */
const PAGE = `<!doctype html><main>${'<a class="link">Shop — café ✨</a>'.repeat(200)}</main>`;

describe('preferredEncoding', () => {
  it.each([
    ['gzip, deflate, br', 'br'],
    ['br', 'br'],
    ['br;q=0.1, gzip;q=1.0', 'br'],
    ['gzip, deflate', 'gzip'],
    ['GZIP', 'gzip'],
    ['deflate', 'identity'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip, br;q=0.0', 'gzip'],
    ['br;q=0.000, gzip;q=0', 'identity'],
    ['gzip; q=0', 'identity'],
    ['gzip;q=0.001', 'gzip'],
    ['*', 'gzip'],
    ['br;q=0, *', 'gzip'],
    ['*;q=0', 'identity'],
    ['gzip;q=0, *', 'identity'],
    ['gzip ;q=1', 'gzip'],
    ['br ; q=0.5', 'br'],
    ['identity', 'identity'],
    ['', 'identity'],
    [undefined, 'identity'],
  ])('answers %p with %p', (acceptEncoding, encoding) => {
    expect(preferredEncoding(acceptEncoding)).toBe(encoding);
  });
});

describe('EncodedBody', () => {
  it('keeps the text as UTF-8 bytes with its content type', () => {
    const body = new EncodedBody(PAGE, HTML);

    expect(body.bytes.toString('utf8')).toBe(PAGE);
    expect(body.contentType).toBe(HTML);
  });

  it.each([
    ['a short body', '{"ok":true}'],
    ['a body one byte under the threshold', 'x'.repeat(1023)],
  ])('never compresses %s, whatever the client accepts', (_case, text) => {
    const body = new EncodedBody(text, HTML);

    for (const accept of ['br', 'gzip', 'gzip, deflate, br', '*']) {
      const { encoding, bytes } = body.encoded(accept);
      expect(encoding).toBe('identity');
      expect(bytes.equals(Buffer.from(text))).toBe(true);
    }
  });

  it('compresses a body from the threshold on', () => {
    expect(new EncodedBody('x'.repeat(1024), HTML).encoded('gzip').encoding).toBe('gzip');
  });

  it('answers gzip that decodes back to the same bytes, made once', () => {
    const body = new EncodedBody(PAGE, HTML);

    const first = body.encoded('gzip, deflate');

    expect(first.encoding).toBe('gzip');
    expect(first.bytes.length).toBeLessThan(body.bytes.length);
    expect(gunzipSync(first.bytes).equals(body.bytes)).toBe(true);
    expect(body.encoded('gzip').bytes).toBe(first.bytes);
  });

  it('answers brotli that decodes back to the same bytes, made once', () => {
    const body = new EncodedBody(PAGE, HTML);

    const first = body.encoded('gzip, deflate, br');

    expect(first.encoding).toBe('br');
    expect(first.bytes.length).toBeLessThan(body.bytes.length);
    expect(brotliDecompressSync(first.bytes).equals(body.bytes)).toBe(true);
    expect(body.encoded('br').bytes).toBe(first.bytes);
  });

  it('answers the bytes as they are to a client that accepts no compression', () => {
    const body = new EncodedBody(PAGE, HTML);

    expect(body.encoded(undefined)).toEqual({ encoding: 'identity', bytes: body.bytes });
    expect(body.encoded('br;q=0, gzip;q=0')).toEqual({ encoding: 'identity', bytes: body.bytes });
  });

  it('has a quoted ETag that is the same for the same text and differs for another text', () => {
    const etag = new EncodedBody(PAGE, HTML).etag;

    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(new EncodedBody(PAGE, HTML).etag).toBe(etag);
    expect(new EncodedBody(`${PAGE} `, HTML).etag).not.toBe(etag);
    expect(new EncodedBody(PAGE.replace('café', 'cafe'), HTML).etag).not.toBe(etag);
  });
});

describe('BodiesOf', () => {
  const counting = () => {
    const made: string[] = [];
    const make = (text: string) => () => {
      made.push(text);
      return new EncodedBody(text, HTML);
    };
    return { made, make };
  };

  it('makes a body once per owner and variant and answers the same one after', () => {
    const bodies = new BodiesOf<object>();
    const page = {};
    const { made, make } = counting();

    const first = bodies.get(page, 'bio', make('one'));
    const again = bodies.get(page, 'bio', make('two'));

    expect(again).toBe(first);
    expect(again.bytes.toString()).toBe('one');
    expect(made).toEqual(['one']);
  });

  it('keeps the variants of one owner, and the same variant of two owners, apart', () => {
    const bodies = new BodiesOf<object>();
    const [page, newer] = [{}, {}];
    const { made, make } = counting();

    const bio = bodies.get(page, 'bio', make('bio'));
    const booked = bodies.get(page, 'bio?booked', make('booked'));
    const newerBio = bodies.get(newer, 'bio', make('newer bio'));

    expect([bio, booked, newerBio].map((body) => body.bytes.toString())).toEqual(['bio', 'booked', 'newer bio']);
    expect(bodies.get(page, 'bio?booked', make('again'))).toBe(booked);
    expect(bodies.get(newer, 'bio', make('again'))).toBe(newerBio);
    expect(made).toEqual(['bio', 'booked', 'newer bio']);
  });
});

describe('RecentBodiesOf', () => {
  const body = (text: string) => new EncodedBody(text, HTML);

  it('keeps a body per variant for its owner, and makes it again for a newer owner', () => {
    const bodies = new RecentBodiesOf<object>(10, 1000);
    const [page, newer] = [{}, {}];
    const first = bodies.get(page, 'ada|utm_source=x', () => body('one'));
    expect(bodies.get(page, 'ada|utm_source=x', () => body('two'))).toBe(first);
    const remade = bodies.get(newer, 'ada|utm_source=x', () => body('newer'));
    expect(remade.bytes.toString()).toBe('newer');
    expect(bodies.size).toEqual({ bodies: 1, bytes: 5 });
  });

  it('keeps no more than its limit, the least recently used going first', () => {
    const bodies = new RecentBodiesOf<object>(3, 1_000_000);
    const page = {};
    const made: string[] = [];
    const get = (variant: string) => bodies.get(page, variant, () => (made.push(variant), body(variant)));
    for (let i = 0; i < 1000; i += 1) get(`v${i}`);
    expect(bodies.size).toEqual({ bodies: 3, bytes: 'v997v998v999'.length });
    get('v997'); // used again: now the most recent
    get('v1000'); // v998 goes
    get('v997');
    get('v999');
    get('v998');
    expect(made.slice(1000)).toEqual(['v1000', 'v998']);
    expect(bodies.size).toEqual({ bodies: 3, bytes: 'v997v999v998'.length });
  });

  it('keeps no more than its bytes, and does not keep a body bigger than them all', () => {
    const bodies = new RecentBodiesOf<object>(100, 10);
    const page = {};
    bodies.get(page, 'a', () => body('aaaa'));
    bodies.get(page, 'b', () => body('bbbb'));
    bodies.get(page, 'c', () => body('cccc')); // 12 bytes would be too many: 'a' goes
    expect(bodies.size).toEqual({ bodies: 2, bytes: 8 });
    let made = 0;
    const big = () => (made += 1, body('x'.repeat(11)));
    bodies.get(page, 'big', big);
    bodies.get(page, 'big', big);
    expect(made).toBe(2);
    expect(bodies.size).toEqual({ bodies: 2, bytes: 8 });
    bodies.get(page, 'b', () => body('never'));
    bodies.get(page, 'a', () => body('aaaa')); // 'c' was the least recently used
    expect([...['a', 'b', 'c']].map((key) => bodies.get(page, key, () => body('made')).bytes.toString())).toEqual(['aaaa', 'bbbb', 'made']);
  });
});
