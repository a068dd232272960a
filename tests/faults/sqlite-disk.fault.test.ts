import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Instance, startInstance, tempDir } from '#tests/support/instances.ts';
import {
  buildFaultShim,
  newPerson,
  type Person,
  removeQuietly,
  type SaveOutcome,
  save,
  shownIds,
} from './support/disk-faults.ts';

// SQLite under the disk faults an operator meets, on real server processes (docs/RELIABILITY.md):
// a failed fsync, a full disk and a kill in the middle of writing. Each checks what matters to
// the person writing: every save answered 200 is there after a restart, and nothing shown to
// anyone is later gone.

let shim: string;
const running: Instance[] = [];
beforeAll(() => {
  shim = buildFaultShim();
});
afterAll(async () => {
  for (const instance of running) {
    if (instance.child.exitCode === null && instance.child.signalCode === null) {
      instance.child.kill('SIGKILL');
    }
    await instance.exited;
  }
});

async function start(options: Parameters<typeof startInstance>[0]): Promise<Instance> {
  const instance = await startInstance(options);
  running.push(instance);
  return instance;
}

/** Starts a plain instance on `dataDir` and answers the ids the person's answers have there. */
async function idsAfterRestart(dataDir: string, person: Person): Promise<Set<string>> {
  const again = await start({ dataDir });
  const ids = await shownIds(again.origin, person);
  await again.stop();
  if (!ids) throw new Error('the restarted instance did not list the answers');
  return new Set(ids);
}

const ok = (outcome: SaveOutcome) => outcome.status === 200;

/** One line per fault for docs/RELIABILITY.md: what was acknowledged, found, shown, failed. */
function report(fault: string, figures: Record<string, number>): void {
  console.log(`[fault] ${fault}: ${JSON.stringify(figures)}`);
}

describe('an fsync that fails', () => {
  it('is fatal: nothing is acknowledged after it, /readyz says 503, the process exits non-zero', async () => {
    const faults = tempDir('muse-fault-flags-');
    const instance = await start({ env: { LD_PRELOAD: shim, MUSE_FAULT_DIR: faults } });
    const person = await newPerson(instance.origin);
    const before: SaveOutcome[] = [];
    for (let n = 0; n < 10; n += 1) before.push(await save(instance.origin, person, `before ${n}`));
    expect(before.every(ok)).toBe(true);

    // The next fsync of a database file fails with EIO; writers keep going.
    fs.writeFileSync(path.join(faults, 'fsync-eio'), '');
    const after: SaveOutcome[] = [];
    let firstRefusalAt = Number.POSITIVE_INFINITY;
    let readyAfterRefusal: number | 'refused' | null = null;
    const deadline = performance.now() + 10_000;
    const writer = async () => {
      while (performance.now() < deadline && instance.child.exitCode === null) {
        const outcome = await save(instance.origin, person, 'during the fault');
        after.push(outcome);
        if (!ok(outcome) && outcome.endedAt < firstRefusalAt) {
          firstRefusalAt = outcome.endedAt;
          readyAfterRefusal = await fetch(`${instance.origin}/readyz`).then(
            (response) => response.status,
            () => 'refused' as const,
          );
        }
      }
    };
    await Promise.all([writer(), writer(), writer(), writer()]);
    const code = await Promise.race([
      instance.exited,
      new Promise((resolve) => setTimeout(() => resolve('still running'), 5_000)),
    ]);

    // The save whose fsync failed was refused with a clear, retryable answer.
    const refused = after.filter((outcome) => outcome.status === 503);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0]?.retryAfter).toMatch(/^\d+$/);
    // Nothing that started after the first refusal was acknowledged.
    expect(after.filter((outcome) => ok(outcome) && outcome.startedAt > firstRefusalAt)).toEqual(
      [],
    );
    expect(readyAfterRefusal).not.toBe(200);
    expect(code).not.toBe(0);
    expect(code).not.toBeNull();
    expect(instance.output()).toContain('database write failed');

    // Restarted on what is on disk: every acknowledged save is there.
    const restartStarted = performance.now();
    const found = await idsAfterRestart(instance.dataDir, person);
    const acknowledged = [...before, ...after].filter(ok).map((outcome) => outcome.id);
    expect(acknowledged.filter((id) => !found.has(id))).toEqual([]);
    report('fsync EIO', {
      requests: before.length + after.length,
      acknowledged: acknowledged.length,
      acknowledgedThenMissing: acknowledged.filter((id) => !found.has(id)).length,
      refused503: refused.length,
      acknowledgedAfterFault: after.filter((o) => ok(o) && o.startedAt > firstRefusalAt).length,
      restartMs: Math.round(performance.now() - restartStarted),
    });
  });
});

describe('the database file deleted under a running instance', () => {
  /** Waits for the instance to exit; 'still running' after 5 s. */
  const exitOf = (instance: Instance) =>
    Promise.race([
      instance.exited,
      new Promise((resolve) => setTimeout(() => resolve('still running'), 5_000)),
    ]);

  it('refuses the next save, puts what it held back in place and restarts on it: nothing acknowledged is lost', async () => {
    const instance = await start({});
    const person = await newPerson(instance.origin);
    const before: SaveOutcome[] = [];
    for (let n = 0; n < 10; n += 1) before.push(await save(instance.origin, person, `before ${n}`));
    expect(before.every(ok)).toBe(true);

    // An operator's slip: the database and its log removed while the instance runs.
    for (const suffix of ['', '-wal', '-shm']) {
      removeQuietly(path.join(instance.dataDir, `muse.db${suffix}`));
    }
    const after = await save(instance.origin, person, 'after the file was deleted');
    // Not acknowledged into a file nobody will open again: a clear answer to retry.
    expect(after.status).toBe(503);
    expect(after.retryAfter).toMatch(/^\d+$/);
    expect((await fetch(`${instance.origin}/readyz`).catch(() => null))?.status).not.toBe(200);
    const code = await exitOf(instance);
    expect(code).not.toBe(0);
    expect(code).not.toBe('still running');
    expect(instance.output()).toContain('was deleted while the server had it open');

    const restartStarted = performance.now();
    const found = await idsAfterRestart(instance.dataDir, person);
    const acknowledged = before.filter(ok).map((outcome) => outcome.id);
    expect(acknowledged.filter((id) => !found.has(id))).toEqual([]);
    report('database file deleted (then a save)', {
      acknowledged: acknowledged.length,
      acknowledgedThenMissing: acknowledged.filter((id) => !found.has(id)).length,
      acknowledgedAfterDeletion: ok(after) ? 1 : 0,
      restartMs: Math.round(performance.now() - restartStarted),
    });
  });

  it('is noticed by /readyz with nobody writing, and what it held is kept', async () => {
    const instance = await start({});
    const person = await newPerson(instance.origin);
    const before: SaveOutcome[] = [];
    for (let n = 0; n < 5; n += 1) before.push(await save(instance.origin, person, `kept ${n}`));
    expect(before.every(ok)).toBe(true);

    // Only the main file: its log stays at the path, belonging to the open connection.
    removeQuietly(path.join(instance.dataDir, 'muse.db'));
    expect((await fetch(`${instance.origin}/readyz`)).status).toBe(503);
    expect(await exitOf(instance)).not.toBe(0);

    const found = await idsAfterRestart(instance.dataDir, person);
    expect(before.map((outcome) => outcome.id).filter((id) => !found.has(id))).toEqual([]);
  });
});

/** A small tmpfs to fill (root may mount one); null where mounting is not allowed. */
function smallDisk(): { dir: string; unmount: () => void } | null {
  const dir = tempDir('muse-full-disk-');
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=48m', 'tmpfs', dir], { stdio: 'ignore' });
  } catch {
    return null;
  }
  return { dir, unmount: () => execFileSync('umount', ['-l', dir], { stdio: 'ignore' }) };
}

describe('a full disk', () => {
  it('refuses saves with 503 + Retry-After, shows nobody a lost save, and writes again once there is room', async () => {
    const disk = smallDisk();
    const faults = tempDir('muse-fault-flags-');
    // Where mounting is not allowed, the shim's ENOSPC stands in for the full file system.
    const env: Record<string, string> = disk ? {} : { LD_PRELOAD: shim, MUSE_FAULT_DIR: faults };
    const dataDir = disk ? path.join(disk.dir, 'data') : tempDir('muse-full-');
    try {
      const instance = await start({ dataDir, env });
      const people = await Promise.all(Array.from({ length: 8 }, () => newPerson(instance.origin)));
      // Leave about 1 MiB free, then fill it: a filler file the test can delete later.
      const filler = path.join(disk?.dir ?? dataDir, 'filler');
      if (disk) {
        const { bavail, bsize } = fs.statfsSync(disk.dir);
        fs.writeFileSync(filler, Buffer.alloc(Math.max(0, bavail * bsize - 1024 * 1024)));
      } else {
        fs.writeFileSync(path.join(faults, 'enospc'), '');
      }

      const outcomes: SaveOutcome[] = [];
      const savedBy = new Map<Person, SaveOutcome[]>(people.map((person) => [person, []]));
      const shown = new Map<Person, Set<string>>(people.map((person) => [person, new Set()]));
      const text = 'A long evening page. '.repeat(1000); // about 21 KB
      let full = 0;
      const deadline = performance.now() + 15_000;
      const writer = async (person: Person) => {
        while (performance.now() < deadline && full < 8) {
          const outcome = await save(instance.origin, person, text);
          outcomes.push(outcome);
          savedBy.get(person)?.push(outcome);
          if (outcome.status === 503) full += 1;
        }
      };
      const reader = async (person: Person) => {
        while (performance.now() < deadline && full < 8) {
          for (const id of (await shownIds(instance.origin, person)) ?? []) {
            shown.get(person)?.add(id);
          }
        }
      };
      await Promise.all([...people.map(writer), ...people.map(reader)]);

      // Every answer was 200 or a clear 503 to retry; never a reset, never a 500.
      expect(outcomes.filter((o) => o.status !== 200 && o.status !== 503)).toEqual([]);
      const refused = outcomes.filter((o) => o.status === 503);
      expect(refused.length).toBeGreaterThan(0);
      expect(refused.every((o) => /^\d+$/.test(o.retryAfter ?? ''))).toBe(true);
      // A full disk is not fatal: the instance stays up and ready.
      expect(instance.child.exitCode).toBeNull();
      expect((await fetch(`${instance.origin}/readyz`)).status).toBe(200);

      // Room again: the next save goes through.
      if (disk) fs.rmSync(filler);
      else fs.rmSync(path.join(faults, 'enospc'));
      const [first] = people as [Person];
      const roomAt = performance.now();
      const later = await save(instance.origin, first, 'after the disk had room again');
      const recoverMs = Math.round(performance.now() - roomAt);
      expect(later.status).toBe(200);
      outcomes.push(later);
      savedBy.get(first)?.push(later);

      expect(await instance.stop()).toBe(0);
      let missing = 0;
      let shownThenGone = 0;
      let shownCount = 0;
      for (const person of people) {
        const found = await idsAfterRestart(dataDir, person);
        const acknowledged = (savedBy.get(person) ?? []).filter(ok).map((o) => o.id);
        const seen = [...(shown.get(person) ?? [])];
        missing += acknowledged.filter((id) => !found.has(id)).length;
        shownThenGone += seen.filter((id) => !found.has(id)).length;
        shownCount += seen.length;
        // Nothing acknowledged is gone, and nothing a reader was shown is gone.
        expect(acknowledged.filter((id) => !found.has(id))).toEqual([]);
        expect(seen.filter((id) => !found.has(id))).toEqual([]);
      }
      report(disk ? 'full disk (tmpfs)' : 'full disk (ENOSPC shim)', {
        requests: outcomes.length,
        acknowledged: outcomes.filter(ok).length,
        acknowledgedThenMissing: missing,
        refused503: refused.length,
        otherFailures: outcomes.filter((o) => o.status !== 200 && o.status !== 503).length,
        shownToReaders: shownCount,
        shownThenGone,
        recoverMs,
      });
    } finally {
      disk?.unmount();
    }
  });
});

describe('a kill in the middle of writing', () => {
  it('keeps every save that was answered 200', async () => {
    const instance = await start({});
    const person = await newPerson(instance.origin);
    const outcomes: SaveOutcome[] = [];
    let killed = false;
    const writer = async () => {
      while (!killed) outcomes.push(await save(instance.origin, person, 'written as it died'));
    };
    const writers = Array.from({ length: 8 }, writer);
    // Kill once a good number of saves have been answered.
    while (outcomes.filter(ok).length < 200) await new Promise((r) => setTimeout(r, 20));
    instance.child.kill('SIGKILL');
    await instance.exited;
    killed = true;
    await Promise.all(writers);

    const restartStarted = performance.now();
    const found = await idsAfterRestart(instance.dataDir, person);
    const acknowledged = outcomes.filter(ok).map((outcome) => outcome.id);
    expect(acknowledged.length).toBeGreaterThanOrEqual(200);
    expect(acknowledged.filter((id) => !found.has(id))).toEqual([]);
    report('SIGKILL during writes', {
      requests: outcomes.length,
      acknowledged: acknowledged.length,
      acknowledgedThenMissing: acknowledged.filter((id) => !found.has(id)).length,
      restartMs: Math.round(performance.now() - restartStarted),
    });
  });
});
