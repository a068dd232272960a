// The thread behind wal-checkpointer.ts: its own connection to the database file, copying the
// write-ahead log into the database (PASSIVE checkpoints: never waiting for, nor blocking, the
// main thread's readers and writer) so that neither the copying nor its fsyncs run on the event
// loop. Node loads it as it is (type stripping), also under vitest: keep it free of imports
// of our own.
import { DatabaseSync } from 'node:sqlite';
import { parentPort, workerData } from 'node:worker_threads';

const { file, intervalMs, largeFrames } = workerData as {
  file: string;
  intervalMs: number;
  largeFrames: number;
};
const db = new DatabaseSync(file);
db.exec('PRAGMA busy_timeout = 5000');
// A checkpoint fsyncs the log before copying and the database after: FULL keeps both.
db.exec('PRAGMA synchronous = FULL');
const checkpoint = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');

let checkpoints = 0;
function pass() {
  try {
    const row = checkpoint.get();
    checkpoints += 1;
    return { log: Number(row?.log ?? 0), copied: Number(row?.checkpointed ?? 0) };
  } catch (error) {
    return { log: 0, copied: 0, error: String(error) };
  }
}

const timer = setInterval(() => {
  const result = pass();
  // The log restarts from its beginning only once fully copied while no write is under way:
  // past `largeFrames` the main thread pauses its writes for one final pass (wal-checkpointer).
  if (result.log >= largeFrames) parentPort?.postMessage({ type: 'large', ...result });
}, intervalMs);

parentPort?.on('message', (message: unknown) => {
  if (message === 'final') {
    const result = pass();
    parentPort?.postMessage({ type: 'final', checkpoints, ...result });
  } else if (message === 'stop') {
    clearInterval(timer);
    db.close();
    parentPort?.postMessage({ type: 'stopped', checkpoints });
    parentPort?.close();
  }
});
