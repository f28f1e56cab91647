import { aDomainError } from '../../../shared/testing/domain-error.matcher.js';
import { QrCodeMessages } from '../domain/qr-codes.errors.js';
import { TextQrCodeRenderer } from '../testing/text-qr-code.renderer.js';
import { GetPageQrCodeUseCase } from './get-page-qr-code.use-case.js';

const qrCodes = () => new GetPageQrCodeUseCase(new TextQrCodeRenderer());
const alice = { origin: 'https://linkbio.example', username: 'alice' };

describe('GetPageQrCodeUseCase', () => {
  it("encodes the creator's canonical public URL in the SVG", async () => {
    expect(await qrCodes().svg(alice)).toEqual({
      url: 'https://linkbio.example/alice',
      fileName: 'linkbio-alice-qr.svg',
      image: 'svg https://linkbio.example/alice',
    });
  });

  it('encodes the same URL in the PNG, 1024 pixels unless asked otherwise', async () => {
    const png = await qrCodes().png(alice, undefined);

    expect(png.url).toBe('https://linkbio.example/alice');
    expect(png.fileName).toBe('linkbio-alice-qr.png');
    expect(png.image.toString()).toBe('png 1024 https://linkbio.example/alice');
  });

  it('draws the PNG at the size asked for, from 256 to 2048 pixels', async () => {
    expect((await qrCodes().png(alice, '256')).image.toString()).toBe('png 256 https://linkbio.example/alice');
    expect((await qrCodes().png(alice, '2048')).image.toString()).toBe('png 2048 https://linkbio.example/alice');
  });

  it.each([
    [''],
    ['255'],
    ['2049'],
    ['0'],
    ['-512'],
    ['512.5'],
    ['1e3'],
    [' 512'],
    ['0x200'],
    ['abc'],
    [['512', '1024']],
    [{}],
  ])('refuses the PNG size %j', async (size) => {
    await expect(qrCodes().png(alice, size)).rejects.toEqual(aDomainError('invalid', QrCodeMessages.pngSize));
  });

  it('tells the URL without drawing anything', () => {
    expect(qrCodes().url({ origin: 'http://127.0.0.1:3000/', username: 'bob-2' })).toBe('http://127.0.0.1:3000/bob-2');
  });
});
