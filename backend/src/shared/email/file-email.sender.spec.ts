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

  it('sends an invite along as a text/calendar part with its METHOD, the text unchanged', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mail-'));
    try {
      const sender = new FileEmailSender(dir, 'Linkbio <no-reply@linkbio.local>', () => new Date('2026-03-02T12:00:00Z'));
      const ics = 'BEGIN:VCALENDAR\nMETHOD:CANCEL\nEND:VCALENDAR\n';
      await sender.send({ to: 'ada@example.com', subject: 'Cancelled', text: 'Your session is cancelled.', calendar: { method: 'CANCEL', content: ics } });
      const [file] = await readdir(dir);
      const eml = await readFile(join(dir, file!), 'utf8');
      const boundary = /boundary="([^"]+)"/.exec(eml)![1]!;
      const parts = eml.split(`--${boundary}`);
      expect(parts).toHaveLength(4);
      expect(parts[1]).toContain('Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\nYour session is cancelled.');
      expect(parts[2]).toContain('Content-Type: text/calendar; charset=utf-8; method=CANCEL');
      expect(parts[2]).toContain('\r\n\r\nBEGIN:VCALENDAR\r\nMETHOD:CANCEL\r\nEND:VCALENDAR\r\n');
      expect(parts[3]).toBe('--\r\n');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('writes extra header fields on one line each, dropping names a header cannot have', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mail-'));
    try {
      const sender = new FileEmailSender(dir, 'Linkbio <no-reply@linkbio.local>', () => new Date('2026-03-02T12:00:00Z'));
      await sender.send({
        to: 'ada@example.com',
        subject: 'News',
        text: 'Hello',
        headers: {
          'List-Unsubscribe': '<https://linkbio.test/unsubscribe/abc>\r\nBcc: x@y',
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          'Bad Name:': 'dropped',
        },
      });
      const [file] = await readdir(dir);
      const eml = await readFile(join(dir, file!), 'utf8');
      expect(eml).toContain('List-Unsubscribe: <https://linkbio.test/unsubscribe/abc> Bcc: x@y\r\n');
      expect(eml).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n');
      expect(eml).not.toContain('dropped');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
