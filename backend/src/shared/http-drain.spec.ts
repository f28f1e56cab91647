import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { drainOnClose } from './http-drain.js';

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** A keep-alive HTTP/1.1 connection spoken by hand, so the spec sees exactly when it is closed and why. */
class Connection {
  private buffer = '';
  private pending: Array<{ resolve: (answer: Answer) => void; reject: (error: Error) => void }> = [];
  readonly closed: Promise<void>;

  private constructor(private readonly socket: Socket) {
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      this.buffer += chunk;
      this.parse();
    });
    socket.on('error', () => undefined);
    this.closed = new Promise((resolve) =>
      socket.once('close', () => {
        for (const waiting of this.pending.splice(0)) waiting.reject(new Error('connection closed before the answer'));
        resolve();
      }),
    );
  }

  static open(port: number): Promise<Connection> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => resolve(new Connection(socket)));
      socket.once('error', reject);
    });
  }

  get isOpen(): boolean {
    return !this.socket.destroyed && !this.socket.readableEnded;
  }

  request(path: string): Promise<Answer> {
    return new Promise((resolve, reject) => {
      this.pending.push({ resolve, reject });
      this.socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    });
  }

  private parse(): void {
    const end = this.buffer.indexOf('\r\n\r\n');
    if (end < 0) return;
    const [statusLine, ...lines] = this.buffer.slice(0, end).split('\r\n');
    const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
    const length = Number(headers['content-length'] ?? 0);
    if (this.buffer.length < end + 4 + length) return;
    const body = this.buffer.slice(end + 4, end + 4 + length);
    this.buffer = this.buffer.slice(end + 4 + length);
    this.pending.shift()?.resolve({ status: Number(statusLine!.split(' ')[1]), headers, body });
    this.parse();
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('drainOnClose', () => {
  let server: Server;
  let port: number;
  let close: () => Promise<void>;
  let release: () => void;
  let released: Promise<void>;
  const arrived: string[] = [];

  /** Answers as the API's listeners do: writeHead with the headers of the moment, bodies of known length. */
  const answer = async (request: IncomingMessage, response: ServerResponse) => {
    arrived.push(request.url!);
    if (request.url === '/never') return;
    if (request.url === '/slow') await released;
    if (request.url === '/streamed') {
      response.writeHead(200, { 'Content-Type': 'text/plain', 'Content-Length': '10' });
      response.write('first');
      await released;
      response.end('later');
      return;
    }
    const body = `answer to ${request.url}`;
    response.writeHead(200, { 'Content-Type': 'text/plain', 'Content-Length': String(body.length) });
    response.end(body);
  };

  const start = async (times = { idleGraceMs: 50, deadlineMs: 1_000 }) => {
    server = createServer((request, response) => void answer(request, response));
    close = drainOnClose(server, times);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  };

  beforeEach(() => {
    arrived.length = 0;
    released = new Promise((resolve) => (release = resolve));
  });

  afterEach(async () => {
    release();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const until = async (done: () => boolean) => {
    while (!done()) await sleep(5);
  };

  it('answers the requests in flight with Connection: close, and takes no new connection meanwhile', async () => {
    await start();
    const busy = await Connection.open(port);
    expect((await busy.request('/first')).headers.connection).toBe('keep-alive');
    const answered = busy.request('/slow');
    await until(() => arrived.includes('/slow'));

    const closed = close();
    await expect(Connection.open(port)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    release();
    const last = await answered;
    expect(last).toMatchObject({ status: 200, body: 'answer to /slow' });
    expect(last.headers.connection).toBe('close');
    await busy.closed;
    await closed;
  });

  it('closes an idle keep-alive connection promptly, and answers a request already on its way over one', async () => {
    await start();
    const idle = await Connection.open(port);
    const onItsWay = await Connection.open(port);
    await idle.request('/a');
    await onItsWay.request('/a');

    const startedAt = Date.now();
    const closed = close();
    const answer = await onItsWay.request('/b');
    expect(answer).toMatchObject({ status: 200, body: 'answer to /b' });
    expect(answer.headers.connection).toBe('close');
    await idle.closed;
    await closed;
    expect(Date.now() - startedAt).toBeLessThan(500);
  });

  it('ends a connection whose answer had already begun once that answer is finished', async () => {
    await start();
    const streaming = await Connection.open(port);
    const answered = streaming.request('/streamed');
    await until(() => arrived.includes('/streamed'));
    await sleep(20);

    const closed = close();
    release();
    expect(await answered).toMatchObject({ status: 200, body: 'firstlater' });
    await streaming.closed;
    await closed;
  });

  it('cuts the connections still open at the deadline', async () => {
    await start({ idleGraceMs: 50, deadlineMs: 200 });
    const stuck = await Connection.open(port);
    const answered = stuck.request('/never');
    await until(() => arrived.includes('/never'));

    const startedAt = Date.now();
    await close();
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(190);
    await expect(answered).rejects.toThrow('connection closed before the answer');
    await stuck.closed;
    expect(stuck.isOpen).toBe(false);
  });

  it('keeps connections open and alive while the server is not closing', async () => {
    await start();
    const connection = await Connection.open(port);
    await connection.request('/a');
    await sleep(120);
    expect(connection.isOpen).toBe(true);
    expect((await connection.request('/b')).headers.connection).toBe('keep-alive');
  });
});
