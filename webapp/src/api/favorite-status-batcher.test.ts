import { NO_STATUS, StatusBatcher, type FavoriteStatus } from './favorite-status-batcher';

/** A fetcher that records each call's ids and says "in watchlist" for even ids. */
function recorder() {
  const calls: { at: number; ids: number[] }[] = [];
  const fetchStatuses = vi.fn(async (ids: number[]) => {
    calls.push({ at: Date.now(), ids });
    return new Map<number, FavoriteStatus>(ids.map((id) => [id, { is_favorite: false, is_watchlist: id % 2 === 0 }]));
  });
  return { calls, fetchStatuses };
}

describe('StatusBatcher', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 0 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers many questions with one call once 300 ms passed without a new one', async () => {
    const { calls, fetchStatuses } = recorder();
    const batcher = new StatusBatcher({ fetchStatuses });
    const answers = [1, 2, 3, 4].map((id) => batcher.load(id));
    await vi.advanceTimersByTimeAsync(299);
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toEqual([{ at: 300, ids: [1, 2, 3, 4] }]);
    expect(await Promise.all(answers)).toEqual([
      { is_favorite: false, is_watchlist: false },
      { is_favorite: false, is_watchlist: true },
      { is_favorite: false, is_watchlist: false },
      { is_favorite: false, is_watchlist: true },
    ]);
  });

  it('waits for 300 ms of quiet: each new question restarts the wait', async () => {
    const { calls, fetchStatuses } = recorder();
    const batcher = new StatusBatcher({ fetchStatuses });
    void batcher.load(1);
    await vi.advanceTimersByTimeAsync(200);
    void batcher.load(2);
    await vi.advanceTimersByTimeAsync(299);
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toEqual([{ at: 500, ids: [1, 2] }]);
  });

  it('does not wait longer than a second while questions keep coming', async () => {
    const { calls, fetchStatuses } = recorder();
    const batcher = new StatusBatcher({ fetchStatuses });
    for (let id = 1; id <= 8; id += 1) {
      void batcher.load(id);
      await vi.advanceTimersByTimeAsync(200);
    }
    expect(calls[0]).toEqual({ at: 1000, ids: [1, 2, 3, 4, 5] });
  });

  it('makes at most one call per second', async () => {
    const { calls, fetchStatuses } = recorder();
    const batcher = new StatusBatcher({ fetchStatuses });
    void batcher.load(1);
    await vi.advanceTimersByTimeAsync(300);
    expect(calls).toHaveLength(1);

    // Asked 100 ms after the first call: the debounce alone would send at 700 ms.
    await vi.advanceTimersByTimeAsync(100);
    void batcher.load(2);
    void batcher.load(3);
    await vi.advanceTimersByTimeAsync(899);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toEqual([
      { at: 300, ids: [1] },
      { at: 1300, ids: [2, 3] },
    ]);

    // Long after: only the debounce applies again.
    await vi.advanceTimersByTimeAsync(5000);
    void batcher.load(4);
    await vi.advanceTimersByTimeAsync(300);
    expect(calls.at(-1)).toEqual({ at: 6600, ids: [4] });
  });

  it('sends at most 100 ids per call and the rest in the next call, a second later', async () => {
    const { calls, fetchStatuses } = recorder();
    const batcher = new StatusBatcher({ fetchStatuses });
    const ids = Array.from({ length: 250 }, (_, index) => index + 1);
    const answers = ids.map((id) => batcher.load(id));
    await vi.advanceTimersByTimeAsync(300);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(2000);
    expect(calls.map((call) => [call.at, call.ids.length])).toEqual([
      [300, 100],
      [1300, 100],
      [2300, 50],
    ]);
    expect(calls.flatMap((call) => call.ids)).toEqual(ids);
    const statuses = await Promise.all(answers);
    expect(statuses[249]).toEqual({ is_favorite: false, is_watchlist: true });
  });

  it('asks once for a movie that several bars show', async () => {
    const { calls, fetchStatuses } = recorder();
    const batcher = new StatusBatcher({ fetchStatuses });
    const answers = [batcher.load(7), batcher.load(7), batcher.load(8)];
    await vi.advanceTimersByTimeAsync(300);
    expect(calls).toEqual([{ at: 300, ids: [7, 8] }]);
    expect((await Promise.all(answers)).map((status) => status.is_watchlist)).toEqual([false, false, true]);
  });

  it('answers "nothing" for ids the server left out, and passes a failure to every waiting question', async () => {
    const fetchStatuses = vi
      .fn<(ids: number[]) => Promise<Map<number, FavoriteStatus>>>()
      .mockResolvedValueOnce(new Map())
      .mockRejectedValueOnce(new Error('boom'));
    const batcher = new StatusBatcher({ fetchStatuses });
    const missing = batcher.load(1);
    await vi.advanceTimersByTimeAsync(300);
    expect(await missing).toEqual(NO_STATUS);

    const failing = [batcher.load(2), batcher.load(3)].map((promise) => promise.catch((error: Error) => error.message));
    await vi.advanceTimersByTimeAsync(1000);
    expect(await Promise.all(failing)).toEqual(['boom', 'boom']);
  });

  it('leaves out questions withdrawn before the call (the tile went away)', async () => {
    const { calls, fetchStatuses } = recorder();
    const batcher = new StatusBatcher({ fetchStatuses });
    const controller = new AbortController();
    const withdrawn = batcher.load(1, controller.signal).catch(() => 'aborted');
    void batcher.load(2);
    controller.abort();
    expect(await withdrawn).toBe('aborted');
    await vi.advanceTimersByTimeAsync(300);
    expect(calls).toEqual([{ at: 300, ids: [2] }]);

    // Nothing left waiting: no call at all.
    const alone = new AbortController();
    void batcher.load(3, alone.signal).catch(() => undefined);
    alone.abort();
    await vi.advanceTimersByTimeAsync(3000);
    expect(calls).toHaveLength(1);
    expect(batcher.waitingCount).toBe(0);
  });
});
