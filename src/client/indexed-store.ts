// One object store of an IndexedDB database, for what the device keeps outside the saved state:
// photos waiting for a connection (state/answers/photo-queue.ts) and the journal's key
// (encryption/device-key.ts). The database opens on first use and stays open; a failed open is
// tried again next time.

export type IndexedStore = {
  /** One request in its own transaction; resolves once the transaction is committed. */
  run<T>(mode: IDBTransactionMode, act: (store: IDBObjectStore) => IDBRequest<T>): Promise<T>;
};

export function indexedStore(
  database: string,
  store: string,
  options?: IDBObjectStoreParameters,
): IndexedStore {
  let opened: Promise<IDBDatabase> | null = null;
  const open = () => {
    opened ??= new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(database, 1);
      request.onupgradeneeded = () => {
        request.result.createObjectStore(store, options);
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    }).catch((error: unknown) => {
      opened = null;
      throw error;
    });
    return opened;
  };
  return {
    async run(mode, act) {
      const db = await open();
      return new Promise((resolve, reject) => {
        const transaction = db.transaction(store, mode);
        const request = act(transaction.objectStore(store));
        transaction.oncomplete = () => resolve(request.result);
        transaction.onerror = () => reject(transaction.error ?? request.error);
        transaction.onabort = () => reject(transaction.error ?? new Error('aborted'));
      });
    },
  };
}
