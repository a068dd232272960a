import fs from 'node:fs/promises';

// "Acknowledged = on disk" for SQLite in WAL mode (decision 030). With synchronous=FULL SQLite
// fsyncs the log inside COMMIT, on the event loop: under a busy disk that is where the server
// stood still for up to hundreds of milliseconds at a time. With synchronous=NORMAL a COMMIT only
// writes its frames to the log; this fsyncs the log file on libuv's thread pool instead, and the
// group commit answers its transactions only after an fsync that began after their COMMIT.
// What SQLite's FULL adds in WAL mode is exactly that fsync, so what is acknowledged survives a
// power cut the same way. Syncs are shared: while one runs, everyone who commits meanwhile
// waits for the next one, which starts as soon as it ends.

export type WalSync = {
  /** Resolves once everything written to the log before this call is on disk. */
  sync(): Promise<void>;
  close(): Promise<void>;
};

export function createWalSync(walFile: string): WalSync {
  let handle: Promise<fs.FileHandle> | null = null;
  let running: Promise<void> | null = null;
  let queued: Promise<void> | null = null;

  // Opened once: the log file stays the same file while the main connection is open (SQLite
  // reuses it from the beginning, or truncates it, but deletes it only when the last connection
  // closes).
  const file = () => {
    handle ??= fs.open(walFile, 'r').catch((error: unknown) => {
      handle = null;
      throw error;
    });
    return handle;
  };
  const start = (): Promise<void> => {
    const run = file()
      .then(
        (opened) => opened.datasync(),
        (error: NodeJS.ErrnoException) => {
          // No log yet (a pragma before the first write): nothing was committed to it to sync.
          if (error.code !== 'ENOENT') throw error;
        },
      )
      .finally(() => {
        if (running === run) running = null;
      });
    running = run;
    return run;
  };
  return {
    sync() {
      if (!running) return start();
      // The running sync may have begun before the caller's frames were written: the next one.
      queued ??= running
        .catch(() => {})
        .then(() => {
          queued = null;
          return start();
        });
      return queued;
    },
    async close() {
      await Promise.allSettled([running, queued]);
      if (handle) await (await handle).close();
      handle = null;
    },
  };
}
