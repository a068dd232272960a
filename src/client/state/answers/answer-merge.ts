import type { Answer } from '#shared/api/answers.ts';

/**
 * The answers list after a load from the server. The server's list is the truth for what it
 * has seen; on top of it, the local version wins for answers whose save has not reached the
 * server yet (`keepLocal`: in flight or in the offline record), and answers deleted locally but
 * not yet on the server stay deleted.
 */
export function mergeServerAnswers(
  server: readonly Answer[],
  local: readonly Answer[],
  keepLocal: ReadonlySet<string>,
  deleted: ReadonlySet<string>,
): Answer[] {
  const localById = new Map(local.map((a) => [a._id, a]));
  const merged: Answer[] = [];
  const seen = new Set<string>();
  for (const answer of server) {
    if (deleted.has(answer._id) || seen.has(answer._id)) continue;
    seen.add(answer._id);
    const mine = localById.get(answer._id);
    merged.push(keepLocal.has(answer._id) && mine ? mine : answer);
  }
  for (const answer of local) {
    if (keepLocal.has(answer._id) && !seen.has(answer._id) && !deleted.has(answer._id)) {
      seen.add(answer._id);
      merged.push(answer);
    }
  }
  return merged;
}

/** Newest first by `answered`; unreadable timestamps last. */
export function newestFirst<A extends { answered: string }>(answers: readonly A[]): A[] {
  const time = (a: A) => {
    const ms = Date.parse(a.answered);
    return Number.isNaN(ms) ? Number.NEGATIVE_INFINITY : ms;
  };
  return [...answers].sort((a, b) => time(b) - time(a));
}
