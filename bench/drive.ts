// The load generator, run as its own process so it never shares an event loop (or a core's
// worth of scheduling) with the server it measures. Reads a DriveSpec as JSON from argv[2],
// runs autocannon and prints one JSON line: req/s and latency percentiles.
import type autocannon from 'autocannon';
import { loadAutocannon } from './autocannon.ts';

export type DriveRequest =
  | {
      kind: 'static';
      method: 'GET' | 'POST';
      path: string;
      body?: string;
      cookie?: string;
      /** Accept-Encoding, as a browser sends it. */
      encoding?: string;
    }
  /** A new answer per request for one of the writers (id from a per-process counter). */
  | { kind: 'save'; writers: { id: string; cookie: string }[] }
  /**
   * Autosave: each connection writes one answer of one writer, then keeps editing it from the
   * revision its last save returned, as the editor does while someone types.
   */
  | { kind: 'edit'; writers: { id: string; cookie: string }[] }
  /**
   * Sign in as one of `accounts`, each from an address of its own (crowdAddress): one account
   * or one address tried by the whole crowd at once is refused (429) by design.
   */
  | { kind: 'login'; accounts: { name: string; password: string }[] }
  /** A random feed page from 1 to `pages` per request (defeats any page cache). */
  | { kind: 'feedRandom'; pages: number; cookie: string }
  /** Love then take it back: a random lover and a random shared answer per pair. */
  | {
      kind: 'love';
      /** Each lover sends X-Forwarded-For of their own (crowdAddress), as a proxy would. */
      lovers: { id: string; cookie: string }[];
      answers: string[];
    };

export type DriveSpec = {
  origin: string;
  connections: number;
  seconds: number;
  requests: DriveRequest[];
};

export type DriveResult = {
  rps: number;
  p50: number;
  p99: number;
  max: number;
  /**
   * The slowest response that was not its connection's first. All connections open at once at
   * the start; on a busy server the first requests of the last ones to be served wait behind
   * everyone else's (seen on a bare node:http server too), which a real crowd, arriving over
   * time, does not do. `max` keeps them; this leaves them out.
   */
  maxConnected: number;
  /** p99 of the same responses (every one but each connection's first). */
  p99Connected: number;
  total: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** CPU time the server spent per request, in µs (added by run.ts where /proc exists). */
  cpuUs?: number;
};

type Setup = (request: autocannon.Request, context: object) => autocannon.Request;
type Step = {
  setupRequest: Setup;
  onResponse?: (status: number, body: string, context: object) => void;
};

const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)] as T;
let counter = 0;
const run = `${process.pid.toString(36)}${Date.now().toString(36)}`;

/** The n-th of a crowd's addresses. */
function crowdAddress(n: number): string {
  return `10.0.${(n >> 8) & 255}.${n & 255}`;
}

function json(cookie: string, address?: string): Record<string, string> {
  return {
    'content-type': 'application/json',
    cookie,
    ...(address ? { 'x-forwarded-for': address } : {}),
  };
}

/**
 * An answer of the 'edit' scenario. Autocannon clears a connection's context each time it wraps
 * round its request list, so drafts wait here between saves; one is in flight at a time.
 */
type Draft = {
  writer: { id: string; cookie: string };
  id: string;
  revision: number;
  words: number;
};
const idleDrafts: Draft[] = [];

function editStep(spec: { writers: { id: string; cookie: string }[] }): Step {
  return {
    setupRequest: (request, context) => {
      counter += 1;
      const draft = idleDrafts.pop() ?? {
        writer: pick(spec.writers),
        id: `e${run}${counter.toString(36)}`,
        revision: 0,
        words: 0,
      };
      (context as { draft?: Draft }).draft = draft;
      draft.words += 1;
      const body = JSON.stringify({
        answer: {
          _id: draft.id,
          prompt_title: 'What made you smile today?',
          text: 'Some honest words about today, '.repeat(1 + (draft.words % 40)),
          base_revision: draft.revision,
        },
      });
      return {
        ...request,
        method: 'POST',
        path: '/api/answer/save',
        headers: json(draft.writer.cookie),
        body,
      };
    },
    onResponse: (status, body, context) => {
      const draft = (context as { draft?: Draft }).draft;
      if (!draft) return;
      if (status === 200) {
        draft.revision = (JSON.parse(body) as { answer: { revision: number } }).answer.revision;
      }
      idleDrafts.push(draft);
    },
  };
}

function steps(spec: DriveRequest): Step[] {
  if (spec.kind === 'edit') return [editStep(spec)];
  return setups(spec).map((setupRequest) => ({ setupRequest }));
}

function setups(spec: Exclude<DriveRequest, { kind: 'edit' }>): Setup[] {
  if (spec.kind === 'static') {
    return [
      (request) => ({
        ...request,
        method: spec.method,
        path: spec.path,
        headers: {
          ...(spec.method === 'POST' ? json(spec.cookie ?? '') : { cookie: spec.cookie ?? '' }),
          ...(spec.encoding ? { 'accept-encoding': spec.encoding } : {}),
        },
        ...(spec.body === undefined ? {} : { body: spec.body }),
      }),
    ];
  }
  if (spec.kind === 'feedRandom') {
    return [
      (request) => ({
        ...request,
        method: 'POST',
        path: '/api/answer/shared',
        headers: json(spec.cookie),
        body: JSON.stringify({ page: 1 + Math.floor(Math.random() * spec.pages) }),
      }),
    ];
  }
  if (spec.kind === 'save') {
    return [
      (request) => {
        counter += 1;
        const writer = pick(spec.writers);
        const body = JSON.stringify({
          answer: {
            _id: `b${run}${counter.toString(36)}`,
            prompt_title: 'What made you smile today?',
            text: 'Some honest words about today and what tomorrow may bring, written slowly.',
            // What the client sends for an answer it believes is new (revisions, issue 12).
            base_revision: 0,
          },
        });
        return {
          ...request,
          method: 'POST',
          path: '/api/answer/save',
          headers: json(writer.cookie),
          body,
        };
      },
    ];
  }
  if (spec.kind === 'login') {
    return [
      (request) => {
        const index = Math.floor(Math.random() * spec.accounts.length);
        return {
          ...request,
          method: 'POST',
          path: '/api/login',
          headers: json('', crowdAddress(index)),
          body: JSON.stringify({ user: spec.accounts[index] }),
        };
      },
    ];
  }
  return [
    (request, context) => {
      const index = Math.floor(Math.random() * spec.lovers.length);
      const lover = {
        ...(spec.lovers[index] as { id: string; cookie: string }),
        address: crowdAddress(index),
      };
      const answerId = pick(spec.answers);
      (context as { pair?: unknown }).pair = { lover, answerId };
      const body = JSON.stringify({ answer_id: answerId, user_id: lover.id });
      return {
        ...request,
        method: 'POST',
        path: '/api/answer/like',
        headers: json(lover.cookie, lover.address),
        body,
      };
    },
    (request, context) => {
      const { lover, answerId } = (context as { pair: unknown }).pair as {
        lover: { id: string; cookie: string; address: string };
        answerId: string;
      };
      const body = JSON.stringify({ answer_id: answerId, user_id: lover.id });
      return {
        ...request,
        method: 'POST',
        path: '/api/answer/unlike',
        headers: json(lover.cookie, lover.address),
        body,
      };
    },
  ];
}

function percentile(values: number[], q: number): number {
  if (values.length === 0) return 0;
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

const spec = JSON.parse(process.argv[2] ?? '{}') as DriveSpec;
const seen = new WeakSet<object>();
const connected: number[] = [];
const cannon = await loadAutocannon();
const result = await new Promise<autocannon.Result>((resolve, reject) => {
  const instance = cannon(
    {
      url: spec.origin,
      connections: spec.connections,
      duration: spec.seconds,
      timeout: 30,
      requests: spec.requests.flatMap(steps),
    },
    (error, finished) => (error ? reject(error) : resolve(finished)),
  );
  instance.on('response', (client: object, _status: number, _bytes: number, ms: number) => {
    if (seen.has(client)) connected.push(ms);
    else seen.add(client);
  });
});
const out: DriveResult = {
  rps: result.requests.average,
  p50: result.latency.p50,
  p99: result.latency.p99,
  max: result.latency.max,
  maxConnected: Math.round(connected.reduce((a, b) => Math.max(a, b), 0)),
  p99Connected: Math.round(percentile(connected, 0.99)),
  total: result.requests.total,
  non2xx: result.non2xx,
  errors: result.errors,
  timeouts: result.timeouts,
};
console.log(JSON.stringify(out));
