/**
 * Stands in for the browser's WebSocket in unit tests: every socket made is kept in `all`, what
 * the page sends is recorded (parsed), and the test opens, answers, drops and closes it by hand.
 * Install with `vi.stubGlobal('WebSocket', FakeSocket)` and empty `all` before each test.
 */
export class FakeSocket {
  static OPEN = 1;
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: unknown[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  open() {
    this.readyState = FakeSocket.OPEN;
    this.onopen?.();
  }
  send(text: string) {
    this.sent.push(JSON.parse(text));
  }
  receive(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  /** The connection is lost (or ended with `code`). */
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  close() {
    this.drop(1000);
  }
}
