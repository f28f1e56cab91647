import { Writable } from 'node:stream';
import { createLogger, LinesPerTurn } from './logger.js';
import { LogCapture } from '../testing/log-capture.js';

describe('createLogger', () => {
  it('redacts the credentials a request or a webhook carries in its headers, whoever logs them', () => {
    const capture = new LogCapture('info');
    capture.logger.info({
      req: { headers: { cookie: 'linkbio.sid=s:abc.def', authorization: 'Basic b3BzOnNlY3JldA==', 'stripe-signature': 't=1,v1=f00' } },
      res: { headers: { 'set-cookie': 'linkbio.sid=s:new.sig' } },
      headers: { cookie: 'c=1', authorization: 'Bearer tok' },
      password: 'correct horse',
      token: 'reset-token-123',
      cardNumber: '4242424242424242',
    });
    const text = capture.text;
    for (const secret of ['s:abc.def', 'b3BzOnNlY3JldA', 'v1=f00', 's:new.sig', 'c=1', 'Bearer tok', 'correct horse', 'reset-token-123', '4242424242424242']) {
      expect(text).not.toContain(secret);
    }
    expect(capture.lines[0]!.req).toEqual({ headers: { cookie: '[redacted]', authorization: '[redacted]', 'stripe-signature': '[redacted]' } });
  });

  it('writes the level by name, and an error with its type, message and stack', () => {
    const capture = new LogCapture('info');
    capture.logger.error({ err: new TypeError('bad') }, 'failed');
    expect(capture.lines[0]).toEqual(expect.objectContaining({ level: 'error', msg: 'failed', err: expect.objectContaining({ type: 'TypeError', message: 'bad' }) }));
    expect((capture.lines[0]!.err as { stack: string }).stack).toContain('TypeError: bad');
  });
});

describe('createLogger in a terminal in development', () => {
  it('writes lines a person reads: time, level, the request in a few words, then its fields', async () => {
    const written: string[] = [];
    const terminal = new Writable({
      write(chunk: Buffer, _encoding, done) {
        written.push(chunk.toString());
        done();
      },
    });
    const { logger } = createLogger({ nodeEnv: 'development', pretty: true, destination: terminal });
    logger.info({ reqId: 'r-1', method: 'GET', path: '/ada', route: '/:username', status: 200, durationMs: 3.1 }, 'request completed');
    logger.info({ context: 'Bootstrap' }, 'API listening on http://localhost:3000');
    await new Promise((resolve) => setImmediate(resolve));
    const text = written.join('');
    expect(text.split('\n')).toEqual([
      expect.stringMatching(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: GET \/ada 200 3\.1 ms request completed \{"reqId":"r-1","route":"\/:username"\}$/),
      expect.stringMatching(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: \[Bootstrap\] API listening on http:\/\/localhost:3000$/),
      '',
    ]);
    expect(text).not.toContain('{"level"');
  });
});

describe('LinesPerTurn', () => {
  it('hands the lines of one turn of the event loop to its target as one write, in order', async () => {
    const writes: string[] = [];
    const lines = new LinesPerTurn({ write: (text: string) => void writes.push(text) });
    lines.write('a\n');
    lines.write('b\n');
    expect(writes).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toEqual(['a\nb\n']);
    lines.write('c\n');
    lines.writeOut();
    expect(writes).toEqual(['a\nb\n', 'c\n']);
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toEqual(['a\nb\n', 'c\n']);
  });
});
