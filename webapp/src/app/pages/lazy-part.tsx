import { lazy, Suspense, type ComponentType } from 'react';

/**
 * A part of a page whose code (and texts) load after the page itself: the page shows without
 * waiting for it, and the part shows once it is here (nothing in its place meanwhile). For
 * what is below the page's first view or only for some visitors (issue 14: a first visit's
 * bytes are most of its time on a slow phone).
 */
export function lazyPart<Props extends object>(load: () => Promise<ComponentType<Props>>): ComponentType<Props> {
  const Loaded = lazy(() => load().then((component) => ({ default: component })));
  return function LazyPart(props: Props) {
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  };
}
