// autocannon, the load generator of `npm run bench` (bench/drive.ts): a benchmark's tool, not a
// dev dependency, so it is installed on first use (bench/on-demand.ts). Its types come from
// @types/autocannon, which is one.
import type autocannonType from 'autocannon';
import { importOnDemand } from './on-demand.ts';

const VERSION = '9.0.0';

export async function loadAutocannon(): Promise<typeof autocannonType> {
  const module = await importOnDemand<{ default: typeof autocannonType }>(
    'autocannon',
    VERSION,
    'npm run bench',
  );
  return module.default;
}
