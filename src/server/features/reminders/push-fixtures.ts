import { execFileSync } from 'node:child_process';
import { createECDH, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { ClientRequestArgs } from 'node:http';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import ece from 'http_ece';
import type { ReminderPush } from '#shared/api/reminders.ts';

// Test fixtures for reminder tests: devices as browsers make them, and local stand-ins for the
// push services. Endpoints are real push-service URLs (the only ones the server accepts); the
// test agent carries a connection for fcm.googleapis.com to a local HTTPS push service and one
// for updates.push.services.mozilla.com to a silent listener. Production's guard is tested on
// its own (push-agent.test.ts): it refuses 127.0.0.1, so these stand-ins need their own agent.

export const FCM = 'https://fcm.googleapis.com/fcm/send';
export const MOZILLA = 'https://updates.push.services.mozilla.com/wpush/v2';

/** A device: its ECDH key pair and auth secret, as a browser's PushManager makes them. */
export function device(endpoint: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    subscription: {
      endpoint,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    },
    decrypt(body: Buffer): ReminderPush {
      const plain = ece.decrypt(body, {
        version: 'aes128gcm',
        privateKey: ecdh,
        authSecret: auth.toString('base64url'),
      });
      return JSON.parse(plain.toString('utf8')) as ReminderPush;
    },
  };
}

export type Received = {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
};

export type PushServices = {
  /** Every push the HTTPS stand-in received (a path with /gone is answered 410). */
  received: Received[];
  /** The silent listener: connections it holds now, and the most it held at once. */
  silent: { open: number; peak: number; total: number };
  /** The agent a test's sender goes through instead of production's PushAgent. */
  agent: https.Agent;
  close(): Promise<void>;
};

export async function startPushServices(): Promise<PushServices> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'muse-push-tls-'));
  const key = path.join(dir, 'key.pem');
  const cert = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'],
      ...['-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=fcm.googleapis.com'],
      ...['-addext', 'subjectAltName=DNS:fcm.googleapis.com'],
    ],
    { stdio: 'ignore' },
  );
  const received: Received[] = [];
  const service = https.createServer(
    { key: fs.readFileSync(key), cert: fs.readFileSync(cert) },
    (req, res) => {
      const parts: Buffer[] = [];
      req.on('data', (part: Buffer) => parts.push(part));
      req.on('end', () => {
        received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(parts) });
        res.statusCode = req.url?.includes('/gone') ? 410 : 201;
        res.end();
      });
    },
  );
  // Accepts a connection and never says a word, as the audit's listener did.
  const silent = { open: 0, peak: 0, total: 0 };
  const held = new Set<net.Socket>();
  const quiet = net.createServer((socket) => {
    held.add(socket);
    silent.open += 1;
    silent.total += 1;
    silent.peak = Math.max(silent.peak, silent.open);
    socket.on('close', () => {
      held.delete(socket);
      silent.open -= 1;
    });
    socket.resume(); // reads (and ignores) what comes, so it sees the other end go
  });
  const listen = (server: net.Server) =>
    new Promise<number>((resolve) =>
      server.listen(0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port)),
    );
  const ports = new Map([
    ['fcm.googleapis.com', await listen(service)],
    ['updates.push.services.mozilla.com', await listen(quiet)],
  ]);

  class LocalPushServices extends https.Agent {
    override createConnection(
      options: ClientRequestArgs,
      callback?: (error: Error | null, stream: Duplex) => void,
    ): Duplex | null | undefined {
      const port = ports.get(String(options.host));
      if (!port) throw new Error(`No local stand-in for ${String(options.host)}`);
      return super.createConnection({ ...options, host: '127.0.0.1', port }, callback);
    }
  }
  const agent = new LocalPushServices({ ca: fs.readFileSync(cert) });

  return {
    received,
    silent,
    agent,
    async close() {
      agent.destroy();
      for (const socket of held) socket.destroy();
      await new Promise((resolve) => service.close(resolve));
      await new Promise((resolve) => quiet.close(resolve));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
