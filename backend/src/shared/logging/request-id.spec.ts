import { requestIdOf } from './request-id.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('requestIdOf', () => {
  it('keeps a short plain id as it came', () => {
    for (const id of ['abc', 'req-42', '1-67891233-abcdef012345678912345678', 'a.b_c:d-e', '9'.repeat(128)]) {
      expect(requestIdOf(id)).toBe(id);
    }
  });

  it('makes a new UUID when none came, or one too long, empty, repeated or not plain', () => {
    const refused: Array<string | string[] | undefined> = [
      undefined,
      '',
      '9'.repeat(129),
      ['a', 'b'],
      'has space',
      'line\nbreak',
      'quote"d',
      '{"json":1}',
      'ünïcode',
      'slash/ed',
      'semi;colon',
      'Root=1-678',
    ];
    for (const incoming of refused) expect(requestIdOf(incoming)).toMatch(UUID);
  });

  it('makes a different id for each request', () => {
    expect(requestIdOf(undefined)).not.toBe(requestIdOf(undefined));
  });
});
