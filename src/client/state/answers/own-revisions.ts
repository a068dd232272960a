import type { Answer } from '#shared/api/answers.ts';
import { onReset } from '../store/module-state.ts';

// The revisions this device's own saves (and offline syncs) produced, per answer: a save built
// before the answer of an earlier save came back is sent from the newer revision (decision 013).

/**
 * Revisions this device's own saves produced, per answer: `from → to`. A save built before the
 * answer of an earlier save came back still names the earlier revision; its text continues
 * that save's text (edits on one device are in order), so it is sent from the newer one.
 */
const ownRevisions = new Map<string, Map<number, number>>();

onReset(() => ownRevisions.clear());

/** Notes that this device's own save (or offline sync) moved `answerId` from `from` to `to`. */
export function noteOwnRevision(answerId: string, from: number, to: number): void {
  if (from === to) return;
  const chain = ownRevisions.get(answerId) ?? new Map<number, number>();
  chain.set(from, to);
  ownRevisions.set(answerId, chain);
}

/** The newest revision this device's own saves of `answerId` lead to from `revision`. */
export function latestOwnRevision(answerId: string, revision: number | undefined) {
  const chain = ownRevisions.get(answerId);
  let latest = revision;
  for (let step = 0; chain?.has(latest ?? 0) && step < 1000; step += 1) {
    latest = chain.get(latest ?? 0);
  }
  return latest;
}

/** `answer` as written from the newest revision this device's own saves lead to. */
export function rebased(answer: Answer): Answer {
  const revision = latestOwnRevision(answer._id, answer.revision);
  return revision === answer.revision ? answer : { ...answer, revision };
}
