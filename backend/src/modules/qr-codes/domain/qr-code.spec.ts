import { PNG_SIZE, pngSize, publicPageUrl, qrCodeFileName } from './qr-code.js';

describe('publicPageUrl', () => {
  it('is the origin and the username, with exactly one slash between', () => {
    expect(publicPageUrl('https://linkbio.example', 'alice')).toBe('https://linkbio.example/alice');
    expect(publicPageUrl('https://linkbio.example//', 'alice')).toBe('https://linkbio.example/alice');
    expect(publicPageUrl('http://[::1]:3000', 'a-1')).toBe('http://[::1]:3000/a-1');
  });
});

describe('pngSize', () => {
  it('is 1024 pixels when none is asked for', () => {
    expect(pngSize(undefined)).toBe(PNG_SIZE.default);
  });

  it('takes whole numbers from 256 to 2048, inclusive', () => {
    expect([pngSize('256'), pngSize('0512'), pngSize('2048')]).toEqual([256, 512, 2048]);
  });
});

describe('qrCodeFileName', () => {
  it('names the download after the creator and the format', () => {
    expect(qrCodeFileName('alice', 'svg')).toBe('linkbio-alice-qr.svg');
    expect(qrCodeFileName('alice', 'png')).toBe('linkbio-alice-qr.png');
  });
});
