import { downloadName, sniffProductFile } from './product-file-type.js';

const bytes = (text: string) => Buffer.from(text, 'latin1');
const typeOf = (head: Buffer, name = 'file') => {
  const verdict = sniffProductFile(head, name);
  return verdict.ok ? verdict.type.contentType : verdict.reason;
};

describe('sniffProductFile', () => {
  it.each([
    ['PDF', bytes('%PDF-1.7\n...'), 'application/pdf'],
    ['ZIP', bytes('PK\x03\x04\x14\x00\x00\x00'), 'application/zip'],
    ['EPUB', Buffer.concat([bytes('PK\x03\x04'), Buffer.alloc(26), bytes('mimetypeapplication/epub+zip')]), 'application/epub+zip'],
    ['MP3 with ID3', bytes('ID3\x04\x00'), 'audio/mpeg'],
    ['MP3 frame', Buffer.from([0xff, 0xfb, 0x90, 0x00]), 'audio/mpeg'],
    ['M4A', bytes('\x00\x00\x00\x20ftypM4A \x00\x00'), 'audio/mp4'],
    ['MP4', bytes('\x00\x00\x00\x20ftypisom\x00\x00'), 'video/mp4'],
    ['MOV', bytes('\x00\x00\x00\x14ftypqt  \x00\x00'), 'video/quicktime'],
    ['WAV', bytes('RIFF\x24\x00\x00\x00WAVEfmt '), 'audio/wav'],
    ['PNG', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]), 'image/png'],
    ['JPEG', Buffer.from([0xff, 0xd8, 0xff, 0xe0]), 'image/jpeg'],
    ['WebP', bytes('RIFF\x24\x00\x00\x00WEBPVP8 '), 'image/webp'],
    ['GIF', bytes('GIF89a\x01\x00'), 'image/gif'],
    ['text', Buffer.from('Hello, wörld\nline two', 'utf8'), 'text/plain; charset=utf-8'],
  ])('tells %s from its bytes', (_name, head, type) => {
    expect(typeOf(head)).toBe(type);
  });

  it('tells CSV and Markdown text by the name only', () => {
    expect(typeOf(bytes('a,b\n1,2\n'), 'data.csv')).toBe('text/csv; charset=utf-8');
    expect(typeOf(bytes('# Title\n'), 'notes.md')).toBe('text/markdown; charset=utf-8');
    expect(typeOf(bytes('%PDF-1.4'), 'notes.md')).toBe('application/pdf');
  });

  it.each([
    ['a Windows program', bytes('MZ\x90\x00\x03')],
    ['an ELF program', bytes('\x7fELF\x02\x01')],
    ['a Mach-O program', Buffer.from([0xcf, 0xfa, 0xed, 0xfe, 7])],
    ['a script', bytes('#!/bin/sh\nrm -rf /\n')],
    ['a web page', bytes('<!DOCTYPE html><html>')],
    ['a web page behind text', bytes('hello\n<script>alert(1)</script>')],
    ['SVG', bytes('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg">')],
  ])('refuses %s as dangerous', (_name, head) => {
    expect(typeOf(head)).toBe('dangerous');
  });

  it.each([
    ['empty', Buffer.alloc(0)],
    ['binary noise', Buffer.from([0x00, 0x01, 0x02, 0x03, 0xfe])],
    ['invalid UTF-8', Buffer.from([0x41, 0xc3, 0x28, 0x41, 0x41])],
  ])('refuses %s as unknown', (_name, head) => {
    expect(typeOf(head)).toBe('unknown');
  });

  it('keeps text whose first bytes end inside a character', () => {
    const text = Buffer.from('ééé', 'utf8');
    expect(typeOf(text.subarray(0, text.length - 1))).toBe('text/plain; charset=utf-8');
  });
});

describe('downloadName', () => {
  const pdf = { contentType: 'application/pdf', extensions: ['pdf'] };
  it('keeps a matching name and gives others the extension of their type', () => {
    expect(downloadName('Guide.PDF', pdf)).toBe('Guide.PDF');
    expect(downloadName('guide.html', pdf)).toBe('guide.html.pdf');
    expect(downloadName('../../etc/"x"\u0001', pdf)).toBe('x.pdf');
    expect(downloadName('', pdf)).toBe('download.pdf');
    expect([...downloadName('é'.repeat(300), pdf)].length).toBe(255);
  });
});
