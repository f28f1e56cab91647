import { clickRate, deviceClass, referrerHost } from './analytics.js';

describe('clickRate', () => {
  it.each([
    [0, 0, 0],
    [5, 0, 0],
    [0, 10, 0],
    [1, 3, 33.3],
    [2, 3, 66.7],
    [1, 8, 12.5],
    [10, 10, 100],
    [3, 2, 150],
    [1, 2000, 0.1],
    [1, 2001, 0],
  ])('%d clicks over %d views is %d percent', (clicks, views, rate) => {
    expect(clickRate(clicks, views)).toBe(rate);
  });
});

describe('referrerHost', () => {
  it.each([
    ['https://www.instagram.com/p/abc?igshid=1', 'www.instagram.com'],
    ['http://Example.COM:8080/path', 'example.com'],
    ['https://user:secret@example.com/', 'example.com'],
  ])('keeps only the host of %p', (referrer, host) => {
    expect(referrerHost(referrer)).toBe(host);
  });

  it.each([
    undefined,
    null,
    '',
    'not a url',
    'android-app://com.example',
    'ftp://files.example.com',
    'javascript:alert(1)',
  ])('keeps nothing of %p', (referrer) => {
    expect(referrerHost(referrer)).toBeNull();
  });
});

describe('deviceClass', () => {
  it.each([
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148', 'mobile'],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120.0 Mobile Safari/537.36', 'mobile'],
    ['Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148', 'tablet'],
    ['Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 Chrome/120.0 Safari/537.36', 'tablet'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36', 'desktop'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 Version/17.0 Safari/605.1.15', 'desktop'],
    ['', null],
    [undefined, null],
  ])('%s is %s', (userAgent, device) => {
    expect(deviceClass(userAgent)).toBe(device);
  });
});
