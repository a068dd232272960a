// A stand-in for the React DevTools hook, installed before the app loads (bench:client). React,
// production build included, reports every commit to `__REACT_DEVTOOLS_GLOBAL_HOOK__`; this one
// counts commits and names the components that rendered in each (a function or class fiber
// that performed work), walking only subtrees React did not skip — as DevTools does.
// Passed to the page as text: this file is type-checked without the DOM library.
export const REACT_RENDERS_HOOK = `
(() => {
  const counts = { commits: 0, components: {} };
  window.__reactRenders = counts;
  const COMPONENT_TAGS = new Set([0, 1, 11, 14, 15]);
  const PERFORMED_WORK = 1;
  const nameOf = (fiber) => {
    const type = fiber.type && fiber.type.type ? fiber.type.type : fiber.type;
    return (type && (type.displayName || type.name)) || 'Anonymous';
  };
  const walk = (fiber) => {
    for (let node = fiber; node; node = node.sibling) {
      const rendered = node.alternate === null || (node.flags & PERFORMED_WORK) !== 0;
      if (COMPONENT_TAGS.has(node.tag) && rendered) {
        const name = nameOf(node);
        counts.components[name] = (counts.components[name] || 0) + 1;
      }
      // The same child object as before: React skipped this subtree.
      if (node.child && (node.alternate === null || node.alternate.child !== node.child)) {
        walk(node.child);
      }
    }
  };
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject: () => 1,
    checkDCE: () => {},
    onScheduleFiberRoot: () => {},
    onCommitFiberUnmount: () => {},
    onPostCommitFiberRoot: () => {},
    onCommitFiberRoot: (_id, root) => {
      counts.commits += 1;
      if (root.current.child) walk(root.current.child);
    },
  };
})();
`;

export type ReactRenders = { commits: number; components: Record<string, number> };

/** What rendered between two snapshots of the counts. */
export function rendersBetween(before: ReactRenders, after: ReactRenders): ReactRenders {
  const components: Record<string, number> = {};
  for (const [name, count] of Object.entries(after.components)) {
    const more = count - (before.components[name] ?? 0);
    if (more > 0) components[name] = more;
  }
  return { commits: after.commits - before.commits, components };
}
