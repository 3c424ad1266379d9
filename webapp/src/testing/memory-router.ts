import { useSyncExternalStore } from 'react';
import { memoryLocation } from 'wouter/memory-location';
import type { LocationSource } from '@/lib/router';

type HistoryAction = 'POP' | 'PUSH' | 'REPLACE';

const split = (path: string) => {
  const at = path.indexOf('#');
  return at < 0 ? { url: path, hash: '' } : { url: path.slice(0, at), hash: path.slice(at) };
};

/**
 * An address in memory for tests: wouter's memoryLocation for the path and the query, with
 * what the tests read and do besides, as react-router's memory router had them: the hash,
 * the last kind of navigation, and Back/Forward (`navigate(-1)`, `navigate(1)`).
 * `source` goes to the app's `<Router>`; `router` is the tests' handle.
 */
export function createMemoryRouter(initialPath: string) {
  const memory = memoryLocation({ path: split(initialPath).url });
  const entries = [initialPath];
  let index = 0;
  let historyAction: HistoryAction = 'POP';
  let hash = split(initialPath).hash;
  const hashListeners = new Set<() => void>();

  const show = (path: string) => {
    const parts = split(path);
    hash = parts.hash;
    memory.navigate(parts.url);
    hashListeners.forEach((listener) => listener());
  };

  function navigate(to: string | number, options?: { replace?: boolean }) {
    if (typeof to === 'number') {
      index = Math.min(Math.max(index + to, 0), entries.length - 1);
      historyAction = 'POP';
      show(entries[index] as string);
      return;
    }
    if (options?.replace) entries[index] = to;
    else entries.splice(++index, entries.length, to);
    historyAction = options?.replace ? 'REPLACE' : 'PUSH';
    show(to);
  }

  const useMemoryLocation = (): [string, typeof navigate] => [memory.hook()[0], navigate];
  const subscribeToHash = (listener: () => void) => {
    hashListeners.add(listener);
    return () => hashListeners.delete(listener);
  };
  const useMemoryHash = () => useSyncExternalStore(subscribeToHash, () => hash);
  const source: LocationSource = { hook: useMemoryLocation, searchHook: memory.searchHook, hashHook: useMemoryHash };

  const router = {
    get state() {
      const { url } = split(entries[index] as string);
      const at = url.indexOf('?');
      const location = { pathname: at < 0 ? url : url.slice(0, at), search: at < 0 ? '' : url.slice(at), hash };
      return { location, historyAction };
    },
    navigate,
  };
  return { source, router };
}
