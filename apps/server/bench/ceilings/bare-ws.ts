// The ceiling of the fan-out arm: a bare `ws` server that, once CLIENTS sockets are connected,
// broadcasts a message of the live bid message's size every 100 ms for SECONDS seconds, each
// carrying the time it was sent. GET /send-time answers how long its loops over the sockets
// took (mean and longest, in ms): the machine's own cost of writing one message to every socket.
import { createServer } from 'node:http';
import { WebSocketServer } from 'ws';

const clients = Number(process.env.CLIENTS);
const seconds = Number(process.env.SECONDS);
const pad = 'x'.repeat(Number(process.env.PAD ?? 250));
const loops: number[] = [];
const server = createServer((req, res) => {
  if (req.url !== '/send-time') return res.end('ok');
  const mean = loops.length ? loops.reduce((a, b) => a + b, 0) / loops.length : 0;
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify({ mean, max: Math.max(0, ...loops) }));
});
const wss = new WebSocketServer({ server });
let started = false;
wss.on('connection', () => {
  if (started || wss.clients.size < clients) return;
  started = true;
  const until = Date.now() + seconds * 1000;
  const timer = setInterval(() => {
    if (Date.now() > until) return clearInterval(timer);
    const sent = performance.now();
    const message = JSON.stringify({ sent: Date.now(), pad });
    for (const socket of wss.clients) socket.send(message);
    loops.push(performance.now() - sent);
  }, 100);
});
server.listen(Number(process.env.PORT), '127.0.0.1');
