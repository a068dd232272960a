import { afterEach, describe, expect, it, vi } from 'vitest';
import { replacePath, setRouterNavigate } from './outside-navigation.ts';

describe('navigation from outside React', () => {
  afterEach(() => {
    setRouterNavigate(null);
    vi.unstubAllGlobals();
  });

  function browserHistory() {
    const replaceState = vi.fn();
    vi.stubGlobal('history', { state: { idx: 0 }, replaceState });
    return replaceState;
  }

  it('replaces the address in place before the router is mounted', () => {
    const replaceState = browserHistory();
    replacePath('/home');
    expect(replaceState).toHaveBeenCalledWith({ idx: 0 }, '', '/home');
  });

  it('goes through the router while it is mounted, and in place again after', () => {
    const replaceState = browserHistory();
    const navigate = vi.fn();
    setRouterNavigate(navigate);
    replacePath('/home');
    expect(navigate).toHaveBeenCalledWith('/home', { replace: true });
    expect(replaceState).not.toHaveBeenCalled();

    setRouterNavigate(null);
    replacePath('/about');
    expect(replaceState).toHaveBeenCalledWith({ idx: 0 }, '', '/about');
    expect(navigate).toHaveBeenCalledTimes(1);
  });
});
