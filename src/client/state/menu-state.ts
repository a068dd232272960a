import { saveDraftIfChanged } from './answers/answer-draft.ts';
import { setState } from './store/app-store.ts';

/** SPEC §4: opening a menu saves the answer being written (if it changed). */
export function openSideMenu(): void {
  saveDraftIfChanged();
  setState({ sideMenu: true });
}

export function closeSideMenu(): void {
  setState({ sideMenu: false });
}
