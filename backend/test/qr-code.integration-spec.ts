import type { AddressInfo } from 'node:net';
import type { INestApplication } from '@nestjs/common';
import { Messages } from '@linkbio/shared-contracts';
import type { Response } from 'supertest';
import { loadEnv } from '../src/config/env.js';
import { createApp } from '../src/create-app.js';
import { QrCodeMessages } from '../src/modules/qr-codes/domain/qr-codes.errors.js';
import {
  decodeQrCodes,
  elementsOf,
  paint,
  parseSvg,
  pngDimensions,
  SVG_NAMESPACE,
  svgModules,
} from '../src/modules/qr-codes/testing/qr-decoder.js';
import { agent, signedInCreator, startApp, testEnv, type Agent } from './support/harness.js';

/*
 * The creator's QR code over HTTP: GET /api/qr-code (the URL it opens), /api/qr-code.svg and /api/qr-code.png.
 * Every image is read back with ZXing, a decoder other than the library that drew it.
 */

const PUBLIC_URL = 'https://links.example/';

/** The body of an image answer (supertest buffers image/* bodies). */
const bytes = (response: Response): Buffer => response.body as Buffer;

async function decodedPng(response: Response) {
  return decodeQrCodes(bytes(response));
}

async function decodedSvg(response: Response) {
  return decodeQrCodes(paint(svgModules(parseSvg(bytes(response).toString('utf8')))));
}

/** The API on a port of its own, so the Host of every request (and the origin in the code) is known. */
async function listening(app: INestApplication): Promise<string> {
  await app.listen(0, '127.0.0.1');
  return `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
}

describe('the QR code of the signed-in creator’s page', () => {
  let app: INestApplication;
  let origin: string;
  let creator: { client: Agent; username: string };

  beforeAll(async () => {
    app = await startApp();
    origin = await listening(app);
    const { client, user } = await signedInCreator(app);
    creator = { client, username: user.username };
  });

  afterAll(async () => {
    await app.close();
  });

  it.each(['/api/qr-code', '/api/qr-code.svg', '/api/qr-code.png'])(
    'answers 401 to %s when signed out',
    async (path) => {
      const response = await agent(app).get(path).expect(401);
      expect(response.body).toEqual({ statusCode: 401, message: Messages.notSignedIn });
    },
  );

  it('tells the URL the code opens: the request’s origin and the username', async () => {
    const response = await creator.client.get('/api/qr-code').expect(200);
    expect(response.body).toEqual({ url: `${origin}/${creator.username}` });
  });

  it('downloads a 1024-pixel PNG that decodes back to exactly the page’s URL', async () => {
    const response = await creator.client.get('/api/qr-code.png').expect(200);

    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="linkbio-${creator.username}-qr.png"`);
    expect(response.headers['cache-control']).toBe('private, no-cache');
    expect(pngDimensions(bytes(response))).toEqual({ width: 1024, height: 1024 });
    expect(await decodedPng(response)).toEqual([
      expect.objectContaining({ text: `${origin}/${creator.username}`, ecLevel: 'M' }),
    ]);
  });

  it('draws the PNG at the size asked for', async () => {
    const response = await creator.client.get('/api/qr-code.png?size=256').expect(200);

    expect(pngDimensions(bytes(response))).toEqual({ width: 256, height: 256 });
    expect(await decodedPng(response)).toEqual([expect.objectContaining({ text: `${origin}/${creator.username}` })]);
  });

  it.each([
    ['too small', '255'],
    ['too big', '2049'],
    ['zero', '0'],
    ['negative', '-1024'],
    ['a fraction', '512.5'],
    ['an exponent', '1e3'],
    ['not a number', 'large'],
    ['empty', ''],
    ['repeated', '512&size=1024'],
  ])('refuses a PNG size that is %s with 400', async (_, size) => {
    const response = await creator.client.get(`/api/qr-code.png?size=${size}`).expect(400);
    expect(response.body).toEqual({ statusCode: 400, message: QrCodeMessages.pngSize });
  });

  it('downloads an SVG that decodes back to exactly the page’s URL', async () => {
    const response = await creator.client.get('/api/qr-code.svg').expect(200);

    expect(response.headers['content-type']).toBe('image/svg+xml');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="linkbio-${creator.username}-qr.svg"`);
    expect(response.headers['cache-control']).toBe('private, no-cache');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(await decodedSvg(response)).toEqual([
      expect.objectContaining({ text: `${origin}/${creator.username}`, ecLevel: 'M' }),
    ]);
  });

  it('sends an SVG that is well-formed XML made of shapes only: no script, links or foreign content', async () => {
    const svg = bytes(await creator.client.get('/api/qr-code.svg').expect(200)).toString('utf8');

    const elements = elementsOf(parseSvg(svg)); // throws unless well-formed
    expect(elements[0]).toEqual(expect.objectContaining({ namespace: SVG_NAMESPACE, name: 'svg' }));
    for (const element of elements) {
      expect(element.namespace).toBe(SVG_NAMESPACE);
      expect(['svg', 'path']).toContain(element.name);
      for (const attribute of element.attributes) {
        expect(['xmlns', 'viewBox', 'width', 'height', 'shape-rendering', 'fill', 'stroke', 'd']).toContain(attribute);
      }
    }
    // No doctype, entities, processing instructions, CDATA or comments.
    expect(svg).not.toMatch(/<[!?]/);
  });

  it('lets the dashboard show the SVG in an <img> from its own origin (Content-Security-Policy img-src)', async () => {
    const response = await creator.client.get('/api/qr-code.svg').expect(200);
    const imgSrc = /(?:^|;)\s*img-src ([^;]*)/.exec(String(response.headers['content-security-policy']))?.[1];
    expect(imgSrc?.split(' ')).toContain("'self'");
  });
});

describe('the QR code when PUBLIC_URL is set', () => {
  let app: INestApplication;
  let creator: { client: Agent; username: string };

  beforeAll(async () => {
    // The run's environment as startApp builds it, read again through loadEnv with PUBLIC_URL added.
    const base = Object.entries(await testEnv()).filter(([, value]) => value !== undefined);
    app = await createApp(
      loadEnv({ ...Object.fromEntries(base.map(([key, value]) => [key, String(value)])), PUBLIC_URL }),
    );
    await listening(app);
    const { client, user } = await signedInCreator(app);
    creator = { client, username: user.username };
  });

  afterAll(async () => {
    await app.close();
  });

  it('encodes PUBLIC_URL’s origin, whatever host the request came to', async () => {
    const url = `https://links.example/${creator.username}`;

    expect((await creator.client.get('/api/qr-code').expect(200)).body).toEqual({ url });
    const png = await creator.client.get('/api/qr-code.png?size=512').set('Host', 'elsewhere.example').expect(200);
    expect(await decodedPng(png)).toEqual([expect.objectContaining({ text: url })]);
    const svg = await creator.client.get('/api/qr-code.svg').expect(200);
    expect(await decodedSvg(svg)).toEqual([expect.objectContaining({ text: url })]);
  });
});
