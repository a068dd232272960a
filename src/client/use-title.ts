import { useEffect } from 'react';

/** Page titles follow 'Müse | {title}' (SPEC §2). */
export function useTitle(title: string): void {
  useEffect(() => {
    document.title = `Müse | ${title}`;
  }, [title]);
}
