import net from 'node:net';

/**
 * One keep-alive HTTP/1.1 connection that sends a request and reads its answer with as little
 * work as the protocol allows (a status line, the two framing headers, the body), so the load
 * generator, which shares the machine's cores with the server under test, spends little of them:
 * Node's `http` client cost it about as much CPU per request as a bare Fastify server spends
 * answering one, and its own queueing showed up in every latency measured.
 */
export class LeanConnection {
  private socket: net.Socket | undefined;
  private buffer: Buffer = Buffer.alloc(0);
  private waiting:
    | { resolve: (answer: { status: number; body: string }) => void; reject: (error: Error) => void }
    | undefined;

  constructor(
    private readonly host: string,
    private readonly port: number,
  ) {}

  request(req: { method: string; path: string; headers?: Record<string, string>; body?: string }) {
    const socket = this.connected();
    const body = req.body === undefined ? undefined : Buffer.from(req.body);
    let head = `${req.method} ${req.path} HTTP/1.1\r\nhost: ${this.host}:${this.port}\r\n`;
    for (const [name, value] of Object.entries(req.headers ?? {})) head += `${name}: ${value}\r\n`;
    if (body) head += `content-type: application/json\r\ncontent-length: ${body.length}\r\n`;
    head += '\r\n';
    return new Promise<{ status: number; body: string }>((resolve, reject) => {
      this.waiting = { resolve, reject };
      socket.write(body ? Buffer.concat([Buffer.from(head), body]) : head);
    });
  }

  close(): void {
    this.socket?.destroy();
    this.socket = undefined;
  }

  private connected(): net.Socket {
    if (this.socket && !this.socket.destroyed) return this.socket;
    const socket = net.connect({ host: this.host, port: this.port, noDelay: true });
    this.buffer = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
      this.answer();
    });
    const fail = (error: Error) => {
      this.socket = undefined;
      const waiting = this.waiting;
      this.waiting = undefined;
      waiting?.reject(error);
    };
    socket.on('error', fail);
    socket.on('close', () => fail(new Error('connection closed')));
    this.socket = socket;
    return socket;
  }

  /** Resolves the waiting request once its whole answer is in the buffer. */
  private answer(): void {
    const end = this.buffer.indexOf('\r\n\r\n');
    if (end < 0 || !this.waiting) return;
    const head = this.buffer.toString('latin1', 0, end);
    const status = Number(head.slice(9, 12));
    const length = /\r\ncontent-length: *(\d+)/i.exec(head);
    let body: Buffer;
    let rest: Buffer;
    if (length) {
      const size = Number(length[1]);
      if (this.buffer.length < end + 4 + size) return;
      body = this.buffer.subarray(end + 4, end + 4 + size);
      rest = this.buffer.subarray(end + 4 + size);
    } else if (/\r\ntransfer-encoding: *chunked/i.test(head)) {
      const chunks: Buffer[] = [];
      let at = end + 4;
      for (;;) {
        const line = this.buffer.indexOf('\r\n', at);
        if (line < 0) return;
        const size = Number.parseInt(this.buffer.toString('latin1', at, line), 16);
        if (this.buffer.length < line + 2 + size + 2) return;
        if (size === 0) {
          at = line + 4;
          break;
        }
        chunks.push(this.buffer.subarray(line + 2, line + 2 + size));
        at = line + 2 + size + 2;
      }
      body = Buffer.concat(chunks);
      rest = this.buffer.subarray(at);
    } else {
      body = Buffer.alloc(0);
      rest = this.buffer.subarray(end + 4);
    }
    this.buffer = rest;
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting.resolve({ status, body: body.toString('utf8') });
  }
}
