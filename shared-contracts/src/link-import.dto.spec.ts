import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { ConfirmLinkImportRequest, LinkImportMessages, PreviewLinkImportRequest } from './link-import.dto.js';

const problems = <T extends object>(type: new () => T, body: object) =>
  validateSync(plainToInstance(type, body)).flatMap((error) => Object.values(error.constraints ?? {}));

describe('PreviewLinkImportRequest', () => {
  it.each([
    [{ source: 'linktree', address: 'https://linktr.ee/a' }],
    [{ source: 'csv', content: 'a,https://a.example' }],
    [{ source: 'bookmarks', content: '' }],
  ])('takes %p', (body) => {
    expect(problems(PreviewLinkImportRequest, body)).toEqual([]);
  });

  it.each([
    [{ source: 'ftp', content: 'x' }, LinkImportMessages.invalidSource],
    [{ content: 'x' }, LinkImportMessages.invalidSource],
    [{ source: 'linktree' }, LinkImportMessages.addressRequired],
    [{ source: 'linktree', address: 3 }, LinkImportMessages.addressRequired],
    [{ source: 'csv' }, LinkImportMessages.contentRequired],
    [{ source: 'bookmarks', content: ['x'] }, LinkImportMessages.contentRequired],
  ])('refuses %p with its message', (body, message) => {
    expect(problems(PreviewLinkImportRequest, body)).toContain(message);
  });
});

describe('ConfirmLinkImportRequest', () => {
  it('takes 1 to 300 rows of a title and a URL', () => {
    expect(problems(ConfirmLinkImportRequest, { rows: [{ title: 'A', url: 'https://a.example' }] })).toEqual([]);
    const many = Array.from({ length: 300 }, () => ({ title: '', url: 'x' }));
    expect(problems(ConfirmLinkImportRequest, { rows: many })).toEqual([]);
  });

  it.each([
    [{ rows: [] }, LinkImportMessages.rowsRequired],
    [{}, LinkImportMessages.rowsRequired],
    [{ rows: Array.from({ length: 301 }, () => ({ title: 'A', url: 'https://a.example' })) }, LinkImportMessages.tooManyToConfirm],
    [{ rows: [{ title: 'A' }] }, LinkImportMessages.rowsShape],
    [{ rows: [{ title: 'A', url: 1 }] }, LinkImportMessages.rowsShape],
    [{ rows: [{ title: 'A', url: 'https://a.example', isActive: false }] }, LinkImportMessages.rowsShape],
    [{ rows: [null] }, LinkImportMessages.rowsShape],
    [{ rows: [['A', 'https://a.example']] }, LinkImportMessages.rowsShape],
  ])('refuses %p with its message', (body, message) => {
    expect(problems(ConfirmLinkImportRequest, body)).toContain(message);
  });
});
