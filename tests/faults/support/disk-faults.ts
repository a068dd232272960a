import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { call, tempDir } from '#tests/support/instances.ts';

// What the disk fault tests share: the LD_PRELOAD shim (fault-shim.c), a person with a session,
// and saves and reads that record what the server acknowledged and what it showed.

/** Builds fault-shim.c with gcc into a temporary directory; answers the .so path. */
export function buildFaultShim(): string {
  const out = path.join(tempDir('muse-shim-'), 'fault-shim.so');
  const source = path.join(import.meta.dirname, 'fault-shim.c');
  execFileSync('gcc', ['-shared', '-fPIC', '-O1', '-o', out, source, '-ldl']);
  return out;
}

export type Person = { id: string; cookie: string };

export async function newPerson(origin: string): Promise<Person> {
  const id = `u${randomBytes(6).toString('hex')}`;
  const response = await call(origin, '/api/user/create', {
    user: { _id: id },
    device: randomBytes(18).toString('base64url'),
  });
  if (response.status !== 200 || !response.cookie) {
    throw new Error(`user/create answered ${response.status}`);
  }
  return { id, cookie: response.cookie };
}

export type SaveOutcome = {
  id: string;
  status: number | 'reset';
  retryAfter: string | null;
  startedAt: number;
  endedAt: number;
};

/** One save of a new answer; never throws (a refused connection is 'reset'). */
export async function save(origin: string, person: Person, text: string): Promise<SaveOutcome> {
  const id = `a${randomBytes(8).toString('hex')}`;
  const startedAt = performance.now();
  try {
    const response = await fetch(`${origin}/api/answer/save`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: person.cookie },
      body: JSON.stringify({ answer: { _id: id, prompt_id: '', prompt_title: 'Fault', text } }),
    });
    await response.arrayBuffer();
    return {
      id,
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      startedAt,
      endedAt: performance.now(),
    };
  } catch {
    return { id, status: 'reset', retryAfter: null, startedAt, endedAt: performance.now() };
  }
}

/** The ids of the person's answers as the server shows them now; null if it did not answer 200. */
export async function shownIds(origin: string, person: Person): Promise<string[] | null> {
  try {
    const response = await call(origin, '/api/user/answers', { _id: person.id }, person.cookie);
    if (response.status !== 200) return null;
    const body = (await response.json()) as { answers: { _id: string }[] };
    return body.answers.map((answer) => answer._id);
  } catch {
    return null;
  }
}

export function removeQuietly(file: string): void {
  fs.rmSync(file, { force: true });
}
