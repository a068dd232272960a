// How much 1,000 open /api/world/live streams cost one instance: RSS and CPU while idle.
// npx node bench/live-streams.ts [count]
import http from 'node:http';
import { scrapeMetrics, startInstance } from '../tests/support/instances.ts';

const count = Number(process.argv[2] ?? 1000);
// One address opens them all: no per-client caps (streams, connections), and room for them
// under any file limit.
const instance = await startInstance({
  env: {
    MUSE_LIVE_STREAMS_PER_ADDRESS: '0',
    MUSE_MAX_CONNECTIONS_PER_ADDRESS: '0',
    MUSE_MAX_LIVE_STREAMS: String(count),
  },
});
const { port } = new URL(instance.origin);

async function metric(name: string): Promise<number> {
  const text = await scrapeMetrics(instance.origin);
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return Number(line?.split(' ')[1] ?? Number.NaN);
}
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const settle = () => new Promise((resolve) => setTimeout(resolve, 3_000));

await settle();
const rssBefore = await metric('process_resident_memory_bytes');
const cpuBefore = await metric('process_cpu_seconds_total');
const agent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
const requests: http.ClientRequest[] = [];
await Promise.all(
  Array.from(
    { length: count },
    () =>
      new Promise<void>((resolve, reject) => {
        const request = http.get(
          { host: '127.0.0.1', port, path: '/api/world/live', agent },
          (response) => {
            response.once('data', () => resolve());
          },
        );
        request.once('error', reject);
        requests.push(request);
      }),
  ),
);
const open = await metric('muse_live_streams');
await settle();
const rssAfter = await metric('process_resident_memory_bytes');
const cpuStart = await metric('process_cpu_seconds_total');
await new Promise((resolve) => setTimeout(resolve, 10_000));
const cpuEnd = await metric('process_cpu_seconds_total');
console.log(
  JSON.stringify({
    streams: open,
    rssBefore: mb(rssBefore),
    rssAfter: mb(rssAfter),
    perStreamKB: ((rssAfter - rssBefore) / count / 1024).toFixed(1),
    idleCpuSecondsPer10s: (cpuEnd - cpuStart).toFixed(3),
    cpuToOpen: (cpuStart - cpuBefore).toFixed(2),
  }),
);
for (const request of requests) request.destroy();
await instance.stop();
process.exit(0);
