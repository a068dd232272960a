import { Worker } from 'node:worker_threads';

// "Acknowledged = on disk" for SQLite in WAL mode (decision 030). With synchronous=FULL SQLite
// fsyncs the log inside COMMIT, on the event loop: under a busy disk that is where the server
// stood still for up to hundreds of milliseconds at a time. With synchronous=NORMAL a COMMIT only
// writes its frames to the log; this fsyncs the log file on a thread of its own instead, and the
// group commit answers its transactions only after an fsync that began after their COMMIT.
// What SQLite's FULL adds in WAL mode is exactly that fsync, so what is acknowledged survives a
// power cut the same way. Syncs are shared: while one runs, everyone who asks meanwhile waits
// for the next one, which starts as soon as it ends.
//
// The thread (wal-sync-worker.ts) and this side share four numbers: the last ask, the last ask
// answered, the last that failed, stop. A finished fsync is seen two ways. The worker posts a
// message, which arrives in the event loop's next poll, behind every socket that became ready
// before it: under a crowd of 200 connections that is a whole turn of the loop (tens of
// milliseconds) after the fsync ended. And the server calls settleFinishedSyncs() as each
// request arrives, which reads the shared numbers and answers the writers at once, mid-turn
// (decision 040).

export type WalSync = {
  /** Resolves once everything written to the log before this call is on disk. */
  sync(): Promise<void>;
  close(): Promise<void>;
};

const ASKED = 0;
const DONE = 1;
const FAILED = 2;
const STOP = 3;

type Waiter = { ask: bigint; resolve: () => void; reject: (error: unknown) => void };

/** The syncs with writers waiting on them, for settleFinishedSyncs. */
const waitingSyncs = new Set<{ settle(): void }>();

/**
 * Answers at once every writer whose fsync has finished, without waiting for the worker's
 * message to cross the event loop. Cheap enough to call on every request (a Set's size when
 * nobody waits, two shared reads when someone does).
 */
export function settleFinishedSyncs(): void {
  if (waitingSyncs.size === 0) return;
  for (const sync of waitingSyncs) sync.settle();
}

export function createWalSync(walFile: string): WalSync {
  // 64-bit counters: they never wrap around.
  const cells = new BigInt64Array(new SharedArrayBuffer(4 * BigInt64Array.BYTES_PER_ELEMENT));
  let asked = 0n;
  let waiters: Waiter[] = [];
  /** The last ask's answer: writers are answered in the order they asked. */
  let last: Promise<void> = Promise.resolve();
  let worker: Worker | null = null;
  let closed = false;

  const self = {
    settle() {
      if (waiters.length === 0) return;
      const done = Atomics.load(cells, DONE);
      let answered = 0;
      while (answered < waiters.length && (waiters[answered]?.ask ?? done + 1n) <= done) answered++;
      if (answered === 0) return;
      const failed = Atomics.load(cells, FAILED);
      const finished = waiters.splice(0, answered);
      if (waiters.length === 0) {
        waitingSyncs.delete(self);
        // A forgotten database must not keep the process alive; a waiting writer must.
        worker?.unref();
      }
      for (const waiter of finished) {
        // An ask up to the last failed one was covered by a failed fsync: not on disk for sure.
        if (waiter.ask <= failed) {
          waiter.reject(new Error(`Could not write the database's log to disk (${walFile})`));
        } else waiter.resolve();
      }
    },
  };

  const start = (): Worker => {
    const started = new Worker(new URL('./wal-sync-worker.ts', import.meta.url), {
      workerData: { file: walFile, shared: cells.buffer },
    });
    started.on('message', () => self.settle());
    // The exit that follows says what matters.
    started.on('error', () => {});
    started.on('exit', () => {
      if (worker !== started) return;
      worker = null;
      self.settle();
      // Whatever it had not answered is not known to be on disk.
      const lost = waiters;
      waiters = [];
      waitingSyncs.delete(self);
      for (const waiter of lost) waiter.reject(new Error('The log sync stopped before answering'));
    });
    return started;
  };

  return {
    sync() {
      if (closed) return Promise.reject(new Error('The log sync is closed'));
      asked += 1n;
      const ask = asked;
      Atomics.store(cells, ASKED, ask);
      worker ??= start();
      Atomics.notify(cells, ASKED);
      if (waiters.length === 0) {
        waitingSyncs.add(self);
        worker.ref();
      }
      last = new Promise<void>((resolve, reject) => {
        waiters.push({ ask, resolve, reject });
      });
      return last;
    },
    async close() {
      if (closed) return;
      while (waiters.length > 0) await last.catch(() => {});
      closed = true;
      const stopping = worker;
      worker = null;
      if (!stopping) return;
      const exited = new Promise<void>((resolve) => stopping.once('exit', () => resolve()));
      // Closing is waited for: the loop must stay alive until the thread is gone.
      stopping.ref();
      Atomics.store(cells, STOP, 1n);
      // A new ask, so that a worker about to sleep on the old one does not.
      Atomics.add(cells, ASKED, 1n);
      Atomics.notify(cells, ASKED);
      await exited;
    },
  };
}
