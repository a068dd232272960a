import { useCallback, useEffect, useState } from 'react';
import { fetchRecoveryMethods } from '#client/api/recovery.ts';

export type RecoveryMethodsState =
  | { kind: 'loading' }
  | { kind: 'ready'; email: boolean }
  | { kind: 'failed' };

/** Which way back in this server offers: a reset link by e-mail, or recovery codes. */
export function useRecoveryMethods(): [RecoveryMethodsState, () => void] {
  const [state, setState] = useState<RecoveryMethodsState>({ kind: 'loading' });
  const load = useCallback(() => {
    let live = true;
    setState({ kind: 'loading' });
    fetchRecoveryMethods()
      .then(({ email }) => live && setState({ kind: 'ready', email }))
      .catch(() => live && setState({ kind: 'failed' }));
    return () => {
      live = false;
    };
  }, []);
  useEffect(load, [load]);
  return [state, load];
}
