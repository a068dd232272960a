// A second reference for `npm run bench`: Fastify itself, no plugins and no logger, answering
// every POST with the baseline's 4 KB JSON body as a ready string. The gap between the bare
// node:http baseline and this is the framework's own cost; the gap between this and Müse's
// cheapest call (GET /healthz) is Müse's hooks, logging and metrics. Prints its port.
import Fastify from 'fastify';

const item = { _id: 'a'.repeat(16), text: 'x'.repeat(300), likes: 3, shared: true };
const body = JSON.stringify({ sharedAnswers: Array.from({ length: 10 }, () => item) }).padEnd(
  4096,
  ' ',
);
const app = Fastify({ logger: false });
app.post('/', async (_request, reply) => {
  reply.type('application/json; charset=utf-8');
  return body;
});
const address = await app.listen({ port: 0, host: '127.0.0.1' });
console.log(new URL(address).port);
process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
