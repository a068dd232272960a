import { useCallback, useSyncExternalStore } from 'react';

/** A tiny external store: immutable snapshots, synchronous listeners. */
export type Store<S> = {
  getState: () => S;
  setState: (update: Partial<S> | ((state: S) => Partial<S>)) => void;
  subscribe: (listener: (state: S, previous: S) => void) => () => void;
};

export function createStore<S extends object>(initial: S): Store<S> {
  let state = initial;
  const listeners = new Set<(state: S, previous: S) => void>();
  return {
    getState: () => state,
    setState(update) {
      const patch = typeof update === 'function' ? update(state) : update;
      const previous = state;
      state = { ...state, ...patch };
      for (const listener of listeners) listener(state, previous);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * Subscribes a component to `selector(state)`. The selector must return something already in
 * the state (or a primitive): a new object on every call would re-render forever.
 */
export function useStoreSelector<S extends object, T>(store: Store<S>, selector: (state: S) => T) {
  const getSnapshot = useCallback(() => selector(store.getState()), [store, selector]);
  return useSyncExternalStore(store.subscribe, getSnapshot, getSnapshot);
}
