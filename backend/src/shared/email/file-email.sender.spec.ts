import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileEmailSender } from './file-email.sender.js';

describe('FileEmailSender', () => {
  it('writes one .eml file per message with its headers and text', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mail-'));
    try {
      const sender = new FileEmailSender(join(dir, 'mail'), 'Linkbio <no-reply@linkbio.local>', () => new Date('2026-03-02T12:00:00Z'));
      await sender.send({ to: 'ada@example.com', subject: 'Hello\r\nBcc: x@y', text: 'Line one\nLine two' });
      const files = await readdir(join(dir, 'mail'));
      expect(files).toHaveLength(1);
      const eml = await readFile(join(dir, 'mail', files[0]!), 'utf8');
      expect(eml).toContain('To: ada@example.com\r\n');
      expect(eml).toContain('Subject: Hello Bcc: x@y\r\n');
      expect(eml).toContain('\r\n\r\nLine one\r\nLine two');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
