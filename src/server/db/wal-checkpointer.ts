import { Worker } from 'node:worker_threads';

// SQLite copies its write-ahead log into the database file now and then (a checkpoint): by
// default the connection that commits does it, inside COMMIT, on the event loop, fsyncs and
// all. Here a worker thread with a connection of its own does it instead (decision 030), and
// the main connection's automatic checkpoints are off.
//
// A log is reused from its beginning only when, as a write starts, every frame in it has been
// copied. Under a steady stream of writes the worker never quite catches up, so once the log
// passes LARGE_FRAMES the main thread holds back its writes for one last pass of the worker
// (`onLarge`), and the next write starts the log afresh. That pause waits on the worker; the
// event loop stays free.

/** Pages in the log (4 KB each) past which writes pause for a final pass: about 16 MB. */
export const LARGE_FRAMES = 4_000;
const INTERVAL_MS = 200;

type WorkerMessage = {
  type: 'large' | 'final' | 'stopped';
  log?: number;
  copied?: number;
  checkpoints?: number;
  error?: string;
};

export type WalCheckpointer = {
  /** One pass now, while the caller keeps writes away; resolves when it is done. */
  finalPass(): Promise<void>;
  stop(): Promise<void>;
};

export function startWalCheckpointer(
  file: string,
  onLarge: () => void,
  options: { intervalMs?: number; largeFrames?: number } = {},
): WalCheckpointer {
  const worker = new Worker(new URL('./wal-checkpoint-worker.ts', import.meta.url), {
    workerData: {
      file,
      intervalMs: options.intervalMs ?? INTERVAL_MS,
      largeFrames: options.largeFrames ?? LARGE_FRAMES,
    },
  });
  // A forgotten database must not keep the process alive.
  worker.unref();
  const waiting: ((message: WorkerMessage) => void)[] = [];
  let alive = true;
  worker.on('message', (message: WorkerMessage) => {
    if (message.type === 'large') onLarge();
    else waiting.shift()?.(message);
  });
  // A worker that fails leaves checkpoints to SQLite's next opener; nothing is lost by it.
  worker.on('error', () => {
    for (const resolve of waiting.splice(0)) resolve({ type: 'stopped' });
  });
  worker.on('exit', () => {
    alive = false;
    for (const resolve of waiting.splice(0)) resolve({ type: 'stopped' });
  });
  const ask = (message: 'final' | 'stop') =>
    new Promise<WorkerMessage>((resolve) => {
      if (!alive) return resolve({ type: 'stopped' });
      waiting.push(resolve);
      worker.postMessage(message);
    });
  let stopped: Promise<void> | null = null;
  return {
    async finalPass() {
      if (!stopped) await ask('final');
    },
    stop() {
      stopped ??= ask('stop').then(() => worker.terminate().then(() => undefined));
      return stopped;
    },
  };
}
