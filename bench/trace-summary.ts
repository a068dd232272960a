// Where the renderer main thread's time went in a Chrome trace (bench:client --profile): self
// time per trace event name (Layout, Paint, FunctionCall, …) on the page's CrRendererMain
// thread, so nested events are not counted twice. Thread CPU time (`tdur`), not wall time: the
// CPU throttling pauses the thread and other processes preempt it, and neither is the page's
// work, so these figures hold still on a loaded machine (and read as at 1× CPU). Also usable
// on its own:
//   node bench/trace-summary.ts FILE.json [keys]
import fs from 'node:fs';

type TraceEvent = {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  /** Thread (CPU) duration, µs. */
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
};

/** Milliseconds of self CPU time per event name on the renderer main threads, biggest first. */
export function mainThreadSelfTimes(events: readonly TraceEvent[]): Array<[string, number]> {
  const mains = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const self = new Map<string, number>();
  const byThread = new Map<string, TraceEvent[]>();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (e.ph !== 'X' || e.dur === undefined || e.tdur === undefined || !mains.has(key)) continue;
    const list = byThread.get(key) ?? [];
    list.push(e);
    byThread.set(key, list);
  }
  for (const list of byThread.values()) {
    // Parents first: earlier start, then longer duration.
    list.sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
    const stack: Array<{ end: number; name: string }> = [];
    for (const e of list) {
      const cpu = e.tdur ?? 0;
      while (stack.length > 0 && (stack.at(-1)?.end ?? 0) <= e.ts) stack.pop();
      const parent = stack.at(-1);
      if (parent) self.set(parent.name, (self.get(parent.name) ?? 0) - cpu);
      self.set(e.name, (self.get(e.name) ?? 0) + cpu);
      stack.push({ end: e.ts + (e.dur ?? 0), name: e.name });
    }
  }
  return [...self.entries()]
    .map(([name, us]): [string, number] => [name, us / 1000])
    .sort((a, b) => b[1] - a[1]);
}

/** A printable table: ms per key for the top `top` event names. */
export function formatSelfTimes(times: Array<[string, number]>, keys: number, top = 15): string {
  const total = times.reduce((sum, [, ms]) => sum + Math.max(0, ms), 0);
  const rows = times
    .slice(0, top)
    .map(([name, ms]) => `    ${(ms / keys).toFixed(2).padStart(7)} ms/key  ${name}`);
  return [
    `  main thread by trace event (self CPU time, ${(total / keys).toFixed(1)} ms/key):`,
    ...rows,
  ].join('\n');
}

if (import.meta.main) {
  const file = process.argv[2];
  if (!file) throw new Error('usage: trace-summary.ts FILE.json [keys]');
  const keys = Number(process.argv[3] ?? 1);
  const trace = JSON.parse(fs.readFileSync(file, 'utf8')) as { traceEvents: TraceEvent[] };
  console.log(formatSelfTimes(mainThreadSelfTimes(trace.traceEvents), keys, 25));
}
