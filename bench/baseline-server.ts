// The limit a Müse call is compared with: a bare node:http server answering every request with
// the same 4 KB JSON body. Prints its port on stdout, then serves until killed.
import http from 'node:http';

const item = { _id: 'a'.repeat(16), text: 'x'.repeat(300), likes: 3, shared: true };
const body = Buffer.from(
  JSON.stringify({ sharedAnswers: Array.from({ length: 10 }, () => item) }).padEnd(4096, ' '),
);
const server = http.createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    response.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': body.length,
    });
    response.end(body);
  });
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (address && typeof address === 'object') console.log(String(address.port));
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
