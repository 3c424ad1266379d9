import { dehydrate, hydrate, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

/** Homepage data lives in session storage for 30 minutes (PRODUCT-SPEC §9): a reload or a new visit
 * to the homepage within the same tab does not ask the server again. */
export const HOME_CACHE_MAX_AGE = 30 * 60_000;
const PREFIX = 'home-cache:';

function storage(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null; // storage disabled
  }
}

const isHomeKey = (key: readonly unknown[]) => key[0] === 'home';

/**
 * Puts the homepage queries saved in this tab (and younger than 30 minutes) back into the
 * query cache. TanStack's own dehydrate/hydrate do the (de)serialising; hydrate keeps newer data.
 */
export function restoreHomeCache(client: QueryClient, now = Date.now()) {
  const store = storage();
  if (!store) return;
  for (let index = store.length - 1; index >= 0; index -= 1) {
    const key = store.key(index);
    if (!key?.startsWith(PREFIX)) continue;
    try {
      const state = JSON.parse(store.getItem(key) ?? 'null') as ReturnType<typeof dehydrate> | null;
      const fresh = state?.queries.filter((query) => now - query.state.dataUpdatedAt < HOME_CACHE_MAX_AGE) ?? [];
      if (fresh.length === 0) store.removeItem(key);
      else hydrate(client, { queries: fresh, mutations: [] });
    } catch {
      store.removeItem(key);
    }
  }
}

/** Saves each homepage query to session storage whenever it succeeds. Returns the unsubscribe. */
export function persistHomeCache(client: QueryClient): () => void {
  return client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success' || !isHomeKey(event.query.queryKey)) return;
    const hash = event.query.queryHash;
    const state = dehydrate(client, { shouldDehydrateQuery: (query) => query.queryHash === hash });
    try {
      storage()?.setItem(PREFIX + hash, JSON.stringify(state));
    } catch {
      // Full storage: the homepage simply asks the server again next time.
    }
  });
}

/** Restores the homepage's saved data before its carousels first render, and keeps saving it. */
export function useHomeSessionCache() {
  const client = useQueryClient();
  // Runs once, during the first render, so the carousels below find the data already there.
  useState(() => restoreHomeCache(client));
  useEffect(() => persistHomeCache(client), [client]);
}
