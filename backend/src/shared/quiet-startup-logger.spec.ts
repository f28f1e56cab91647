import { ConsoleLogger, Logger } from '@nestjs/common';
import { LogCapture } from './testing/log-capture.js';
import { QuietStartupLogger } from './quiet-startup-logger.js';

describe('QuietStartupLogger', () => {
  let capture: LogCapture;

  const use = (level: ConstructorParameters<typeof LogCapture>[0]) => {
    capture = new LogCapture(level);
    Logger.overrideLogger(new QuietStartupLogger(capture.logger));
  };

  beforeEach(() => use('info'));
  afterEach(() => Logger.overrideLogger(new ConsoleLogger()));

  it("keeps Nest's start-up report out at info, and at debug level for LOG_LEVEL=debug", () => {
    const report = () => {
      new Logger('InstanceLoader').log('AppModule dependencies initialized');
      new Logger('RoutesResolver').log('LinksController {/api/links}:');
      new Logger('RouterExplorer').log('Mapped {/api/links, GET} route');
      new Logger('NestFactory').log('Starting Nest application...');
      new Logger('NestApplication').log('Nest application successfully started');
    };
    report();
    expect(capture.raw).toEqual([]);
    use('debug');
    report();
    expect(capture.lines.map((line) => [line.level, line.context])).toEqual([
      ['debug', 'InstanceLoader'],
      ['debug', 'RoutesResolver'],
      ['debug', 'RouterExplorer'],
      ['debug', 'NestFactory'],
      ['debug', 'NestApplication'],
    ]);
  });

  it("writes the product's own lines, and every warning and error, one JSON line each with its context", () => {
    new Logger('Bootstrap').log('API listening on http://localhost:3000');
    new Logger('RouterExplorer').warn('a route was mapped twice');
    new Logger('InstanceLoader').error('a module could not load', 'Error: a module could not load\n    at load (x.js:1:1)');
    Logger.log('Worker started', 'Bootstrap');
    expect(capture.lines).toEqual([
      expect.objectContaining({ level: 'info', context: 'Bootstrap', msg: 'API listening on http://localhost:3000' }),
      expect.objectContaining({ level: 'warn', context: 'RouterExplorer', msg: 'a route was mapped twice' }),
      expect.objectContaining({ level: 'error', context: 'InstanceLoader', msg: 'a module could not load', stack: expect.stringContaining('at load') }),
      expect.objectContaining({ level: 'info', context: 'Bootstrap', msg: 'Worker started' }),
    ]);
    expect(capture.raw.every((line) => line.endsWith('\n') && line.indexOf('\n') === line.length - 1)).toBe(true);
  });

  it('takes an object of fields as a line of its own, and an Error with its stack', () => {
    new Logger('Worker').log({ msg: 'job completed', queue: 'analytics', jobId: '7', attempt: 1 });
    new Logger('Worker').error(new Error('the store is away'));
    const [job, failure] = capture.lines;
    expect(job).toEqual(expect.objectContaining({ level: 'info', context: 'Worker', msg: 'job completed', queue: 'analytics', jobId: '7', attempt: 1 }));
    expect(failure).toEqual(expect.objectContaining({ level: 'error', context: 'Worker', msg: 'the store is away' }));
    expect((failure!.err as { stack: string }).stack).toContain('Error: the store is away');
  });

  it('masks every e-mail address in a message', () => {
    new Logger('Mail').warn('E-mail to jane.doe@example.com not sent yet: 550 <jane.doe@example.com> unknown');
    expect(capture.text).not.toContain('jane.doe@example.com');
    expect(capture.lines[0]!.msg).toBe('E-mail to j***@example.com not sent yet: 550 <j***@example.com> unknown');
  });

  it("follows LOG_LEVEL, not the levels NestFactory sets from its `logger` option", () => {
    use('warn');
    Logger.overrideLogger(['log', 'error', 'warn']);
    new Logger('Bootstrap').log('API listening on http://localhost:3000');
    new Logger('Bootstrap').warn('careful');
    expect(capture.lines.map((line) => line.msg)).toEqual(['careful']);
  });
});
