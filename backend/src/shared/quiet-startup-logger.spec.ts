import { ConsoleLogger, Logger } from '@nestjs/common';
import { jest } from '@jest/globals';
import { QuietStartupLogger } from './quiet-startup-logger.js';

describe('QuietStartupLogger', () => {
  const written: string[] = [];
  let stdout: ReturnType<typeof jest.spyOn>;
  let stderr: ReturnType<typeof jest.spyOn>;

  beforeEach(() => {
    written.length = 0;
    const keep = (chunk: unknown) => {
      written.push(String(chunk));
      return true;
    };
    stdout = jest.spyOn(process.stdout, 'write').mockImplementation(keep);
    stderr = jest.spyOn(process.stderr, 'write').mockImplementation(keep);
    Logger.overrideLogger(new QuietStartupLogger());
    // What NestFactory does with the `logger` option of createApp and createWorker: it sets the levels only.
    Logger.overrideLogger(['log', 'error', 'warn']);
  });

  afterEach(() => {
    stdout.mockRestore();
    stderr.mockRestore();
    Logger.overrideLogger(new ConsoleLogger());
  });

  it("drops Nest's start-up report", () => {
    new Logger('InstanceLoader').log('AppModule dependencies initialized');
    new Logger('RoutesResolver').log('LinksController {/api/links}:');
    new Logger('RouterExplorer').log('Mapped {/api/links, GET} route');
    new Logger('NestFactory').log('Starting Nest application...');
    new Logger('NestApplication').log('Nest application successfully started');
    expect(written).toEqual([]);
  });

  it("keeps the product's own lines, and every warning and error", () => {
    new Logger('Bootstrap').log('API listening on http://localhost:3000');
    new Logger('RouterExplorer').warn('a route was mapped twice');
    new Logger('InstanceLoader').error('a module could not load');
    const text = written.join('');
    expect(text).toContain('API listening on http://localhost:3000');
    expect(text).toContain('a route was mapped twice');
    expect(text).toContain('a module could not load');
  });

  it('follows the levels NestFactory sets from the `logger` option', () => {
    Logger.overrideLogger(['error', 'warn']);
    new Logger('Bootstrap').log('API listening on http://localhost:3000');
    new Logger('Bootstrap').warn('careful');
    expect(written.join('')).not.toContain('API listening');
    expect(written.join('')).toContain('careful');
  });
});
