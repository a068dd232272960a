import { setState } from './app-store.ts';
import { onReset } from './module-state.ts';

/** SPEC §9: status messages clear after 2000 ms. */
export const STATUS_TIMEOUT_MS = 2000;

let nextId = 1;

onReset(() => {
  nextId = 1;
});

/** Shows `message` in the status banner (green, or red for a warning) for 2 seconds. */
export function showStatus(message: string, warning = false): void {
  setState({ status: { message, warning, id: nextId++ } });
}

export function clearStatus(id: number): void {
  setState((state) => (state.status?.id === id ? { status: null } : {}));
}
