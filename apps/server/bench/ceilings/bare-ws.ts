// The ceiling of the fan-out arm: a bare `ws` server that, once CLIENTS sockets are connected,
// broadcasts a message of the live bid message's size every 100 ms for SECONDS seconds, each
// carrying the time it was sent.
import { createServer } from 'node:http';
import { WebSocketServer } from 'ws';

const clients = Number(process.env.CLIENTS);
const seconds = Number(process.env.SECONDS);
const pad = 'x'.repeat(Number(process.env.PAD ?? 250));
const server = createServer((_req, res) => res.end('ok'));
const wss = new WebSocketServer({ server });
let started = false;
wss.on('connection', () => {
  if (started || wss.clients.size < clients) return;
  started = true;
  const until = Date.now() + seconds * 1000;
  const timer = setInterval(() => {
    if (Date.now() > until) return clearInterval(timer);
    const message = JSON.stringify({ sent: Date.now(), pad });
    for (const socket of wss.clients) socket.send(message);
  }, 100);
});
server.listen(Number(process.env.PORT), '127.0.0.1');
