import dns from 'node:dns';
import https from 'node:https';
import net from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { isBlockedAddress, PushAgent } from './push-agent.ts';

// Issue 34 point 1, at connect time: whatever a name resolves to when the socket opens, the
// agent every push goes through does not connect to loopback, private or link-local addresses.
// A real listener on 127.0.0.1 counts the connections that reach it: none may.

let listener: net.Server;
let port = 0;
let connections = 0;

beforeAll(async () => {
  listener = net.createServer((socket) => {
    connections += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  port = (listener.address() as net.AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => listener.close(resolve));
});

/** The error a request through `agent` ends with (it never gets an answer: no TLS there). */
function failure(url: string, agent: https.Agent): Promise<NodeJS.ErrnoException> {
  return new Promise((resolve) => {
    const request = https.request(url, { method: 'POST', agent }, () => {
      resolve(new Error('answered'));
    });
    request.on('error', resolve);
    request.end();
  });
}

it('refuses loopback, private, link-local and mapped addresses, and lets public ones by', () => {
  for (const address of [
    '127.0.0.1',
    '127.255.0.9',
    '10.1.2.3',
    '172.20.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '::1',
    '::',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '64:ff9b::a9fe:a9fe',
    'fe80::1%eth0',
    'fd00:ec2::254',
    '2002:7f00:1::',
    'not an address',
  ]) {
    expect(isBlockedAddress(address), address).toBe(true);
  }
  for (const address of ['142.250.74.106', '8.8.8.8', '2a00:1450:4001:82b::200a']) {
    expect(isBlockedAddress(address), address).toBe(false);
  }
});

it('a name that resolves to 127.0.0.1 is refused when the socket opens', async () => {
  connections = 0;
  const error = await failure(`https://localhost:${port}/push`, new PushAgent());
  expect(error.code).toBe('ERR_PUSH_ADDRESS_REFUSED');
  expect(connections).toBe(0);
});

it('a push service name rebound to 127.0.0.1 after the check is refused too', async () => {
  // The DNS answer an attacker's name server would give at connect time.
  const rebinding = (
    _host: string,
    options: dns.LookupAllOptions,
    callback: (error: NodeJS.ErrnoException | null, addresses: dns.LookupAddress[]) => void,
  ) => dns.lookup('127.0.0.1', options, callback);
  connections = 0;
  const refused = await failure(
    `https://fcm.googleapis.com:${port}/fcm/send/x`,
    new PushAgent(rebinding),
  );
  expect(refused.code).toBe('ERR_PUSH_ADDRESS_REFUSED');
  expect(connections).toBe(0);
  // Without the guard, the same request does reach the listener: the count above can move.
  await failure(
    `https://fcm.googleapis.com:${port}/fcm/send/x`,
    new https.Agent({
      lookup: (host, options, callback) => rebinding(host, { ...options, all: true }, callback),
    }),
  );
  expect(connections).toBe(1);
});

it('an address written as one (no lookup happens) is refused too', async () => {
  connections = 0;
  for (const url of [
    `https://127.0.0.1:${port}/`,
    `https://[::ffff:127.0.0.1]:${port}/`,
    'https://169.254.169.254/latest/meta-data/',
    'https://[::1]/',
  ]) {
    expect((await failure(url, new PushAgent())).code, url).toBe('ERR_PUSH_ADDRESS_REFUSED');
  }
  expect(connections).toBe(0);
});
