// The thread behind wal-sync.ts: fsyncs (fdatasync) the write-ahead log whenever the main
// thread asks, and says which ask it has answered. The asks and answers are numbers in shared
// memory, so the main thread can see a finished fsync without waiting for a message to cross
// the event loop (wal-sync.ts, settleFinishedSyncs). Node loads it as it is (type stripping),
// also under vitest: keep it free of imports of our own.
import fs from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';

const { file, shared } = workerData as { file: string; shared: SharedArrayBuffer };
// The cells' order is wal-sync.ts's: the last ask, the last ask answered, the last ask that
// failed, and a stop flag.
const cells = new BigInt64Array(shared);
const ASKED = 0;
const DONE = 1;
const FAILED = 2;
const STOP = 3;

let fd: number | null = null;
let answered = 0n;
for (;;) {
  // Sleeps while nothing new was asked (the main thread bumps ASKED, then notifies).
  Atomics.wait(cells, ASKED, answered);
  if (Atomics.load(cells, STOP) === 1n) break;
  // Read before the fsync begins: everything written before this ask is covered by it.
  const target = Atomics.load(cells, ASKED);
  let failed = false;
  try {
    fd ??= fs.openSync(file, 'r');
    fs.fdatasyncSync(fd);
  } catch (caught) {
    // No log yet (a pragma before the first write): nothing was committed to it to sync.
    if ((caught as NodeJS.ErrnoException).code !== 'ENOENT') failed = true;
  }
  if (failed) Atomics.store(cells, FAILED, target);
  Atomics.store(cells, DONE, target);
  answered = target;
  // For a main thread with no request arriving to look (an idle server, a CLI): the same news,
  // through the event loop (the shared numbers say which asks, and whether they failed).
  parentPort?.postMessage(null);
}
if (fd !== null) fs.closeSync(fd);
