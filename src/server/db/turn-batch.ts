// Many calls of one turn of the event loop, answered by one call for all of them (decision 046).
// On PostgreSQL each query is a round trip: a socket write that wakes the database's backend,
// which then has to be read back. Requests that arrive together (a crowd of signed-in readers of
// the world feed) each made their own; batched, the turn's requests share one.

/**
 * A function that takes one item and answers its result, by running `runAll` once per turn of
 * the event loop (at `setImmediate`) for every item given in that turn, per database (or other
 * key object). `runAll` answers one result per item, in the items' order. When it fails, every
 * call of that batch fails with its error; the next turn's batch starts afresh.
 */
export function batchedPerTurn<Key extends object, Item, Result>(
  runAll: (key: Key, items: Item[]) => Promise<Result[]>,
): (key: Key, item: Item) => Promise<Result> {
  type Waiting = {
    item: Item;
    resolve: (result: Result) => void;
    reject: (error: unknown) => void;
  };
  const open = new WeakMap<Key, Waiting[]>();

  async function flush(key: Key): Promise<void> {
    const waiting = open.get(key) ?? [];
    open.delete(key);
    try {
      const results = await runAll(
        key,
        waiting.map((entry) => entry.item),
      );
      if (results.length !== waiting.length) {
        throw new Error(`A batch of ${waiting.length} answered ${results.length} results`);
      }
      for (const [index, entry] of waiting.entries()) entry.resolve(results[index] as Result);
    } catch (error) {
      for (const entry of waiting) entry.reject(error);
    }
  }

  return (key, item) =>
    new Promise<Result>((resolve, reject) => {
      let waiting = open.get(key);
      if (!waiting) {
        waiting = [];
        open.set(key, waiting);
        setImmediate(() => void flush(key));
      }
      waiting.push({ item, resolve, reject });
    });
}
