// `node bench/profile-summary.ts FILE.cpuprofile [N] [--from S]`: where a --cpu-prof profile's
// time went, by self time per function and by package/area (our code, kysely, fastify,
// node:sqlite, …). `--from S` leaves out the first S seconds (start-up: `npm run bench` prints
// when its scenarios began).
import fs from 'node:fs';

type Node = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] };

const args = process.argv.slice(2);
const fromAt = args.indexOf('--from');
const fromSeconds = fromAt >= 0 ? Number(args.splice(fromAt, 2)[1]) : 0;
const file = args[0];
if (!file) throw new Error('usage: profile-summary.ts FILE.cpuprofile [N] [--from S]');
const top = Number(args[1] ?? 25);
const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const self = new Map<number, number>();
let elapsed = 0;
profile.samples.forEach((id, index) => {
  const delta = profile.timeDeltas[index] ?? 0;
  elapsed += delta;
  if (elapsed < fromSeconds * 1e6) return;
  self.set(id, (self.get(id) ?? 0) + delta);
});
let total = 0;
for (const value of self.values()) total += value;

function area(url: string, name: string): string {
  if (name === '(idle)' || name === '(program)' || name === '(garbage collector)') return name;
  const pkg = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (pkg) return pkg[1] ?? url;
  if (url.includes('/src/server/')) return `ours: ${url.split('/src/server/')[1]?.split('/')[0]}`;
  if (url.includes('/src/shared/')) return 'ours: shared';
  if (url.startsWith('node:')) return url;
  if (url === '') return `(native) ${name}`;
  return url.split('/').slice(-2).join('/');
}

const functions = new Map<string, number>();
const areas = new Map<string, number>();
for (const [id, time] of self) {
  const node = byId.get(id);
  if (!node) continue;
  const { functionName, url, lineNumber } = node.callFrame;
  const key = `${functionName || '(anonymous)'} ${url.split('/').slice(-2).join('/')}:${lineNumber + 1}`;
  functions.set(key, (functions.get(key) ?? 0) + time);
  const group = area(url, functionName);
  areas.set(group, (areas.get(group) ?? 0) + time);
}
const busy = total - (areas.get('(idle)') ?? 0);
const show = (title: string, map: Map<string, number>) => {
  console.log(`\n${title} (share of busy time, ${(busy / 1e6).toFixed(1)} s busy)`);
  for (const [key, time] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    if (key === '(idle)') continue;
    console.log(`${((100 * time) / busy).toFixed(1).padStart(5)}%  ${key}`);
  }
};
show('By area', areas);
show('By function (self time)', functions);
