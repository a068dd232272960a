import fs from 'node:fs';

// How many live streams one instance may hold (issue 34 point 5). Each stream is an open
// socket, so the cap follows the process's soft file limit (RLIMIT_NOFILE, which Node raises to
// the hard limit at start-up): a reserve stays free for the database (SQLite's files, the
// PostgreSQL pool), Redis, pictures, logs and listening sockets, and streams may take half of
// the rest, so ordinary requests keep the other half. A ceiling keeps memory in bounds where the
// limit is huge (about 40 kB of RSS per stream, decision 019: 50,000 is about 2 GB).

/** Descriptors kept for everything that is not a live stream or a request. */
export const RESERVED_DESCRIPTORS = 512;
/** Streams at most, whatever the file limit says. */
export const STREAM_CEILING = 50_000;
/** Where the file limit cannot be read (not Linux): a cap any usual limit allows. */
export const FALLBACK_STREAMS = 1_000;
/** At least this many, so a tiny limit still leaves /world live for a few readers. */
const STREAM_FLOOR = 16;

/** The soft "Max open files" of /proc/<pid>/limits; Infinity for unlimited, null if absent. */
export function softFileLimit(limits: string): number | null {
  const line = limits.split('\n').find((text) => text.startsWith('Max open files'));
  const soft = line?.slice('Max open files'.length).trim().split(/\s+/)[0];
  if (soft === 'unlimited') return Number.POSITIVE_INFINITY;
  return soft && /^\d+$/.test(soft) ? Number(soft) : null;
}

/** The streams a soft file limit leaves room for. */
export function streamCapForFileLimit(soft: number | null): number {
  if (soft === null) return FALLBACK_STREAMS;
  const room = Math.floor((soft - RESERVED_DESCRIPTORS) / 2);
  return Math.max(STREAM_FLOOR, Math.min(STREAM_CEILING, room));
}

/** This process's cap: `configured` (MUSE_MAX_LIVE_STREAMS) when set, else from its limit. */
export function liveStreamCap(
  configured: number | null,
  readLimits: () => string = () => fs.readFileSync('/proc/self/limits', 'utf8'),
): number {
  if (configured !== null) return configured;
  let limits = '';
  try {
    limits = readLimits();
  } catch {
    // not Linux: the fallback below
  }
  return streamCapForFileLimit(softFileLimit(limits));
}
