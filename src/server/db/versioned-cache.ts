import { answersVersion, type Database } from './database.ts';

/**
 * Values read from the answers/users tables, kept until those tables change (answersVersion);
 * nothing is kept where the database gives no such signal. Bounded by total weight (entries by
 * default): when full, it starts over.
 */
export function createVersionedCache<K, V>(
  maxWeight: number,
  weigh: (value: V) => number = () => 1,
) {
  const caches = new WeakMap<Database, { version: string; values: Map<K, V>; weight: number }>();
  function current(db: Database) {
    const version = answersVersion(db);
    if (version === null) return null;
    let cache = caches.get(db);
    if (!cache || cache.version !== version) {
      cache = { version, values: new Map(), weight: 0 };
      caches.set(db, cache);
    }
    return cache;
  }
  return {
    async get(db: Database, key: K, load: () => Promise<V>): Promise<V> {
      const cache = current(db);
      if (cache?.values.has(key)) return cache.values.get(key) as V;
      const value = await load();
      // Kept only if nothing changed while loading: never old rows under a newer version.
      if (cache && current(db) === cache) {
        const weight = weigh(value);
        if (cache.weight + weight > maxWeight) {
          cache.values.clear();
          cache.weight = 0;
        }
        cache.values.set(key, value);
        cache.weight += weight;
      }
      return value;
    },
  };
}
