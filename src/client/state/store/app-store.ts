import { todayOf } from '#shared/domain/calendar-day.ts';
import {
  type AppState,
  initialPersistedState,
  initialTransientState,
  type PersistedState,
} from './app-state.ts';
import { resetModuleState } from './module-state.ts';
import { createStore, useStoreSelector } from './store.ts';

/** THE store of the client (SPEC §3 state). Screens read it with `useAppState`. */
export const appStore = createStore<AppState>({
  ...initialPersistedState(todayOf(new Date())),
  ...initialTransientState(),
});

/** Replaces the persisted part with a restored state (start-up, before the first render). */
export function hydrate(state: PersistedState): void {
  appStore.setState(state);
}

/**
 * `selector` must return a value that is already in the state or a primitive (see
 * useStoreSelector); derive lists with useMemo in the component.
 */
export function useAppState<T>(selector: (state: AppState) => T): T {
  return useStoreSelector(appStore, selector);
}

export const getState = appStore.getState;
export const setState = appStore.setState;

/**
 * Back to the state of a first start, before anything was restored or loaded — the store and
 * every module's own state (module-state.ts): for component tests, which share the modules
 * between the tests of a file.
 */
export function resetAppStore(): void {
  resetModuleState();
  appStore.setState({ ...initialPersistedState(todayOf(new Date())), ...initialTransientState() });
}
