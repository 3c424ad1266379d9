import { api } from './api-client';
import { PREFETCHED_KEY, takePrefetched } from './prefetched';

const origin = window.location.origin;
const waiting = (entries: unknown[]) => ((window as unknown as Record<string, unknown>)[PREFETCHED_KEY] = entries);
const answer = (body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }));

describe('prefetched answers', () => {
  afterEach(() => {
    delete (window as unknown as Record<string, unknown>)[PREFETCHED_KEY];
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('answers the same request once, then the network does', async () => {
    const url = `${origin}/api/v1/tmdb/genres?language=en-US`;
    waiting([{ url, authorization: null, at: performance.now(), response: answer({ success: true, genres: [{ id: 1, name: 'Early' }] }) }]);
    const network = vi.fn(async () => new Response(JSON.stringify({ success: true, genres: [{ id: 2, name: 'Network' }] })));
    vi.stubGlobal('fetch', network);
    const first = await api.GET('/tmdb/genres', { params: { query: { language: 'en-US' } } });
    expect(first.data?.genres).toEqual([{ id: 1, name: 'Early' }]);
    expect(network).not.toHaveBeenCalled();
    const second = await api.GET('/tmdb/genres', { params: { query: { language: 'en-US' } } });
    expect(second.data?.genres).toEqual([{ id: 2, name: 'Network' }]);
    expect(network).toHaveBeenCalledTimes(1);
  });

  it('is not used for another URL, method, session or a stale answer', () => {
    const url = `${origin}/api/v1/tmdb/603?language=en-US`;
    const entry = (overrides: object) => ({ url, authorization: 'Bearer old', at: performance.now(), response: answer({}), ...overrides });
    waiting([entry({})]);
    expect(takePrefetched(new Request(`${origin}/api/v1/tmdb/603?language=fi-FI`, { headers: { Authorization: 'Bearer old' } }))).toBeUndefined();
    expect(takePrefetched(new Request(url, { method: 'POST', headers: { Authorization: 'Bearer old' } }))).toBeUndefined();
    expect(takePrefetched(new Request(url, { headers: { Authorization: 'Bearer new' } }))).toBeUndefined();
    expect(takePrefetched(new Request(url))).toBeUndefined();
    expect(takePrefetched(new Request(url, { headers: { Authorization: 'Bearer old' } }))).toBeDefined();
    waiting([entry({ at: performance.now() - 60_000 })]);
    expect(takePrefetched(new Request(url, { headers: { Authorization: 'Bearer old' } }))).toBeUndefined();
  });

  it('sends the session’s token as the boot script did', async () => {
    localStorage.setItem('token', 'tok');
    const url = `${origin}/api/v1/tmdb/genres?language=en-US`;
    waiting([{ url, authorization: 'Bearer tok', at: performance.now(), response: answer({ success: true, genres: [] }) }]);
    const network = vi.fn();
    vi.stubGlobal('fetch', network);
    const { data } = await api.GET('/tmdb/genres', { params: { query: { language: 'en-US' } } });
    expect(data?.genres).toEqual([]);
    expect(network).not.toHaveBeenCalled();
  });
});
