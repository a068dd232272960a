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
  // Issue 34 point 2: the other doors that write rows or text, on the same budget.
  /** The world's copy of a shared answer (follows each save while "Update" holds). */
  shareUpdate: [
    { max: 60, windowMs: MINUTE },
    { max: 600, windowMs: HOUR },
  ],
  /**
   * Sharing, unsharing, love and taking it back, unflagging: a row or a copy each. Per person
   * as the per-address `like` rate limit is per address (120 a minute).
   */
  worldAction: [
    { max: 120, windowMs: MINUTE },
    { max: 1200, windowMs: HOUR },
  ],
  /** Editing one's prompt, name and e-mail, or choosing one's picture. */
  edit: [
    { max: 30, windowMs: MINUTE },
    { max: 300, windowMs: HOUR },
  ],
  /** A picture upload, charged by the picture it stores. */
  picture: [{ max: 30, windowMs: HOUR }],
  /**
   * A photo attached to an entry, charged by the photo it stores to the hourly byte budgets
   * only (a bulk write: a person attaching a day's photos at once is one deliberate act).
   */
  photo: [{ max: 120, windowMs: HOUR }],
  /** An import, charged by what it inserts, unpacked. */
  import: [{ max: 10, windowMs: HOUR }],
  /** A device's daily reminder (issue 34): set up or changed a few times a day at most. */
  reminderSubscribe: [{ max: 30, windowMs: HOUR }],
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
  interface FastifyInstance {
    /** The write limits, for writes whose size is only known inside the handler. */
    writeBudget: WriteBudget;
  }
}

/**
 * For a write whose size the request does not tell (an upload unpacked or scaled): what it
 * really stores is charged to the same counters as every save, all or nothing.
 */
export type WriteBudget = {
  /**
   * Charges `bytes` and one `kind` to the caller and their address. Over a limit: the charge
   * is given back and a 429 with Retry-After and `message` is thrown, so nothing counts for a
   * write that does not happen. A `bulk` write (an import) is one deliberate act that may use
   * the hour's allowance at once: it is charged to the hourly windows only, which bound how
   * much anyone can add in an hour however they write it.
   */
  reserve(
    request: FastifyRequest,
    kind: WriteKind,
    bytes: number,
    options: { message: (waitSeconds: number) => string; bulk?: boolean },
  ): Promise<void>;
  /** The most bytes one bulk write can ever bring: the smallest hourly allowance. */
  readonly bulkBytes: number;
};

export const TOO_FAST = "You're writing faster than we can keep up: we'll save this in a moment";
/** For the writes the client does not keep and send again by itself. */
export const GOING_TOO_FAST = "You're going faster than we can keep up: try again in a moment";
const KEPT_FOR_LATER: ReadonlySet<WriteKind> = new Set(['answerSave', 'offlineSave']);

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

  function chargesFor(request: FastifyRequest, kind: WriteKind, bytes: number) {
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
    return charges;
  }

  /** Adds every charge; the longest wait among the windows now over (0: none). */
  async function add(charges: ReturnType<typeof chargesFor>, now: number): Promise<number> {
    // Together: on Redis one round trip for all of them.
    const totals = await Promise.all(
      charges.map(({ key, amount, rule }) => store.add(key, amount, rule.windowMs, now)),
    );
    let waitMs = 0;
    totals.forEach((usage, index) => {
      const rule = charges[index]?.rule;
      if (rule && usage.total > rule.max * factor) waitMs = Math.max(waitMs, usage.resetInMs);
    });
    return waitMs;
  }

  const tooFast = (message: string, waitSeconds: number) =>
    new HttpError(429, message, { 'Retry-After': String(waitSeconds) });

  async function charge(request: FastifyRequest, kind: WriteKind): Promise<void> {
    const waitMs = await add(chargesFor(request, kind, bodyBytes(request)), Date.now());
    const message = KEPT_FOR_LATER.has(kind) ? TOO_FAST : GOING_TOO_FAST;
    if (waitMs > 0) throw tooFast(message, Math.ceil(waitMs / 1000));
  }

  app.decorate<WriteBudget>('writeBudget', {
    async reserve(request, kind, bytes, { message, bulk = false }) {
      const now = Date.now();
      const charges = chargesFor(request, kind, bytes).filter(
        ({ rule }) => !bulk || rule.windowMs >= HOUR,
      );
      const waitMs = await add(charges, now);
      if (waitMs === 0) return;
      await add(
        charges.map((c) => ({ ...c, amount: -c.amount })),
        now,
      );
      const waitSeconds = Math.ceil(waitMs / 1000);
      throw tooFast(message(waitSeconds), waitSeconds);
    },
    bulkBytes:
      Math.min(
        ...[...WRITE_BYTES.perUser, ...WRITE_BYTES.perAddress]
          .filter((rule) => rule.windowMs >= HOUR)
          .map((rule) => rule.max),
      ) * factor,
  });
}
