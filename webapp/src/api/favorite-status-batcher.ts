import type { components } from '@/api/schema';

/** What the viewer has done with one movie (GET /favorites/status/{ids}, without the id). */
export type FavoriteStatus = Omit<components['schemas']['MovieFavoriteStatus'], 'tmdb_id'>;

export const NO_STATUS: FavoriteStatus = Object.freeze({ is_favorite: false, is_watchlist: false });

/** Asks the server about up to `maxIdsPerCall` movie ids at once. */
export type StatusFetcher = (ids: number[]) => Promise<Map<number, FavoriteStatus>>;

export type StatusBatcherOptions = {
  fetchStatuses: StatusFetcher;
  /** Quiet time after the last request before a call goes out (PRODUCT-SPEC §9: 300 ms). */
  debounceMs?: number;
  /** A stream of requests never waits longer than this for its call (the debounce's cap). */
  maxWaitMs?: number;
  /** At most one call per this many milliseconds (PRODUCT-SPEC §9: one per second). */
  minIntervalMs?: number;
  /** The server takes at most 100 ids per call (API.md); more wait for the next call. */
  maxIdsPerCall?: number;
};

type Waiter = {
  resolve: (status: FavoriteStatus) => void;
  reject: (error: unknown) => void;
};

/**
 * Collects the status questions of every action bar on the page and answers them with as
 * few calls as the rules allow: a call goes out once no new question arrived for 300 ms
 * (but at most 1 s after the first waiting one), never sooner than 1 s after the previous
 * call, and with at most 100 ids; the rest go in the next call, a second later.
 */
export class StatusBatcher {
  readonly #fetch: StatusFetcher;
  readonly #debounceMs: number;
  readonly #maxWaitMs: number;
  readonly #minIntervalMs: number;
  readonly #maxIds: number;
  /** Ids waiting for a call, in the order they were asked for. */
  readonly #waiting = new Map<number, Waiter[]>();
  #firstWaitingAt: number | null = null;
  #lastCallAt = Number.NEGATIVE_INFINITY;
  #timer: ReturnType<typeof setTimeout> | null = null;

  constructor({
    fetchStatuses,
    debounceMs = 300,
    maxWaitMs = 1000,
    minIntervalMs = 1000,
    maxIdsPerCall = 100,
  }: StatusBatcherOptions) {
    this.#fetch = fetchStatuses;
    this.#debounceMs = debounceMs;
    this.#maxWaitMs = maxWaitMs;
    this.#minIntervalMs = minIntervalMs;
    this.#maxIds = maxIdsPerCall;
  }

  /** The status of one movie; a question aborted before its call goes out is dropped. */
  load(movieId: number, signal?: AbortSignal): Promise<FavoriteStatus> {
    return new Promise<FavoriteStatus>((resolve, reject) => {
      if (signal?.aborted) {
        reject(signal.reason);
        return;
      }
      const waiter: Waiter = { resolve, reject };
      const waiters = this.#waiting.get(movieId);
      if (waiters) waiters.push(waiter);
      else this.#waiting.set(movieId, [waiter]);
      if (this.#firstWaitingAt === null) this.#firstWaitingAt = Date.now();
      signal?.addEventListener('abort', () => this.#drop(movieId, waiter, signal.reason), { once: true });
      this.#schedule(true);
    });
  }

  /** How many ids are waiting for a call (for tests and debugging). */
  get waitingCount() {
    return this.#waiting.size;
  }

  #drop(movieId: number, waiter: Waiter, reason: unknown) {
    const waiters = this.#waiting.get(movieId);
    if (!waiters) return; // already sent: the answer simply goes unused
    const index = waiters.indexOf(waiter);
    if (index >= 0) waiters.splice(index, 1);
    if (waiters.length === 0) this.#waiting.delete(movieId);
    waiter.reject(reason);
    if (this.#waiting.size === 0) {
      this.#clearTimer();
      this.#firstWaitingAt = null;
    }
  }

  #clearTimer() {
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
  }

  /** (Re)arms the timer; `debounce` is false for ids left over from a full call. */
  #schedule(debounce: boolean) {
    if (this.#waiting.size === 0) return;
    const now = Date.now();
    let delay = 0;
    if (debounce && this.#firstWaitingAt !== null) {
      const cap = this.#firstWaitingAt + this.#maxWaitMs - now;
      delay = Math.max(0, Math.min(this.#debounceMs, cap));
    }
    delay = Math.max(delay, this.#lastCallAt + this.#minIntervalMs - now);
    this.#clearTimer();
    this.#timer = setTimeout(() => this.#flush(), delay);
  }

  #flush() {
    this.#timer = null;
    const batch = new Map<number, Waiter[]>();
    for (const [id, waiters] of this.#waiting) {
      if (batch.size >= this.#maxIds) break;
      batch.set(id, waiters);
    }
    for (const id of batch.keys()) this.#waiting.delete(id);
    this.#lastCallAt = Date.now();
    this.#firstWaitingAt = this.#waiting.size > 0 ? this.#lastCallAt : null;
    if (batch.size > 0) void this.#send(batch);
    this.#schedule(false);
  }

  async #send(batch: Map<number, Waiter[]>) {
    try {
      const statuses = await this.#fetch([...batch.keys()]);
      for (const [id, waiters] of batch) {
        const status = statuses.get(id) ?? NO_STATUS;
        for (const waiter of waiters) waiter.resolve(status);
      }
    } catch (error) {
      for (const waiters of batch.values()) for (const waiter of waiters) waiter.reject(error);
    }
  }
}
