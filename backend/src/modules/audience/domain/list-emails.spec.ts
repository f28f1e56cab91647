import { broadcastEmail, confirmPath, isListPagePath, unsubscribeHeaders, unsubscribePath } from './list-emails.js';

describe('the list e-mails', () => {
  it('one-click unsubscribe headers (RFC 8058) and the same link in the text', () => {
    const url = `https://linkbio.example${unsubscribePath('tok')}`;
    expect(unsubscribeHeaders(url)).toEqual({
      'List-Unsubscribe': '<https://linkbio.example/unsubscribe/tok>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    const mail = broadcastEmail({ displayName: 'Maya', username: 'maya' }, { id: 'b-1', subject: 'News', body: 'Hello' }, 's-1', 'fan@example.com', url);
    expect(mail).toMatchObject({ dedupeKey: 'broadcast-b-1-s-1', to: 'fan@example.com', subject: 'News', headers: unsubscribeHeaders(url) });
    expect(mail.text).toContain('Hello');
    expect(mail.text).toContain(`Unsubscribe: ${url}`);
  });

  it('knows the list pages the API serves (and nothing else)', () => {
    expect(isListPagePath(confirmPath('abc'))).toBe(true);
    expect(isListPagePath(unsubscribePath('abc'))).toBe(true);
    expect(isListPagePath('/list/join/maya')).toBe(true);
    expect(isListPagePath('/unsubscribe')).toBe(false);
    expect(isListPagePath('/subscribe')).toBe(false);
    expect(isListPagePath('/list/confirm/a/b')).toBe(false);
  });
});
