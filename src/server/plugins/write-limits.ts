import type { FastifyInstance, FastifyRequest } from 'fastify';
import { clientKey } from './client-address.ts';
import { HttpError } from './errors.ts';
import type { UsageStore } from './usage-store.ts';

// Per-user and per-address limits on the calls that grow the database (issue 13 point 5): a
// count per kind of write, and a byte budget shared by all of them. A person writing never meets
// them (a long journal entry saved on every pause is a few hundred KB an hour); a script cannot
// grow the database by more than a few MB a minute from one address. Over a limit: 429 with
// Retry-After, and the client keeps the write offline and sends it again later.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const MIB = 1024 * 1024;

type Rule = { max: number; windowMs: number };

export const WRITE_COUNTS = {
  answerSave: [
    { max: 60, windowMs: MINUTE },
    { max: 600, windowMs: HOUR },
  ],
  offlineSave: [
    { max: 12, windowMs: MINUTE },
    { max: 120, windowMs: HOUR },
  ],
  promptCreate: [{ max: 30, windowMs: HOUR }],
  report: [{ max: 60, windowMs: HOUR }],
} satisfies Record<string, Rule[]>;

/** Request bytes of all limited writes together. */
export const WRITE_BYTES = {
  perUser: [
    { max: 2 * MIB, windowMs: MINUTE },
    { max: 16 * MIB, windowMs: HOUR },
  ],
  perAddress: [
    { max: 4 * MIB, windowMs: MINUTE },
    { max: 48 * MIB, windowMs: HOUR },
  ],
} satisfies Record<string, Rule[]>;

export type WriteKind = keyof typeof WRITE_COUNTS;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The write this route is: counted against the caller's write limits. */
    write?: WriteKind;
  }
}

export const TOO_FAST = "You're writing faster than we can keep up: we'll save this in a moment";

function bodyBytes(request: FastifyRequest): number {
  const length = Number(request.headers['content-length']);
  if (Number.isFinite(length) && length > 0) return length;
  return request.body === undefined ? 0 : Buffer.byteLength(JSON.stringify(request.body));
}

/**
 * Charges every limited write to the caller's counters before its handler runs (after the
 * session is known). `factor` raises every limit (MUSE_RATE_LIMITS=relaxed: load tests, CI).
 */
export function registerWriteLimits(app: FastifyInstance, store: UsageStore, factor: number): void {
  // A callback hook: a call that writes nothing costs no promise here (decision 038).
  app.addHook('preHandler', (request, _reply, done) => {
    const kind = request.routeOptions.config.write;
    if (!kind) done();
    else charge(request, kind).then(() => done(), done);
  });

  async function charge(request: FastifyRequest, kind: WriteKind): Promise<void> {
    const now = Date.now();
    const bytes = bodyBytes(request);
    const user = request.sessionUser?.id;
    const charges: { key: string; amount: number; rule: Rule }[] = [
      ...WRITE_BYTES.perAddress.map((rule) => ({
        key: `bytes:ip:${clientKey(request.ip)}`,
        amount: bytes,
        rule,
      })),
    ];
    if (user) {
      charges.push(
        ...WRITE_COUNTS[kind].map((rule) => ({ key: `${kind}:user:${user}`, amount: 1, rule })),
        ...WRITE_BYTES.perUser.map((rule) => ({ key: `bytes:user:${user}`, amount: bytes, rule })),
      );
    }
    let waitMs = 0;
    for (const { key, amount, rule } of charges) {
      const usage = await store.add(key, amount, rule.windowMs, now);
      if (usage.total > rule.max * factor) waitMs = Math.max(waitMs, usage.resetInMs);
    }
    if (waitMs > 0) {
      throw new HttpError(429, TOO_FAST, { 'Retry-After': String(Math.ceil(waitMs / 1000)) });
    }
  }
}
