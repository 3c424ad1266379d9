import { act, fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { reply } from '@/testing/api-reply';
import { logIn, renderWithProviders } from '@/testing/render';
import { MovieActions } from './movie-actions';

type Call = { method: string; path: string; body: unknown; at: number };
type Reply = { status: number; body?: unknown };

/**
 * A fake server: the status lookup says movie 2 is a favorite and 3 on the watchlist; adds
 * and removes succeed unless `write` says otherwise. `write` may return a promise to hold
 * the answer back.
 */
function fakeServer(write: (call: Call) => Reply | Promise<Reply> = () => ({ status: 201, body: { success: true } })) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const url = new URL(request.url);
      const text = await request.text();
      const call = {
        method: request.method,
        path: url.pathname.replace(/^\/api(\/v1)?/, ''),
        body: text ? (JSON.parse(text) as unknown) : undefined,
        at: Date.now(),
      };
      calls.push(call);
      let answer: Reply;
      const status = /^\/favorites\/status\/([\d,]+)$/.exec(call.path);
      if (status?.[1] && call.method === 'GET') {
        const data = status[1].split(',').map((id) => ({
          tmdb_id: Number(id),
          is_favorite: id === '2',
          is_watchlist: id === '3',
        }));
        answer = reply('/favorites/status/{ids}', 'get', 200, { success: true, data });
      } else {
        answer = await write(call);
      }
      return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return {
    calls,
    statusCalls: () => calls.filter((call) => call.path.startsWith('/favorites/status/')),
    writes: () => calls.filter((call) => call.method !== 'GET'),
  };
}

/** Moves the fake clock to `time` ms since the test began, running what falls due. */
async function waitUntil(time: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(Math.max(0, time - Date.now()));
  });
}

/**
 * Lets answers arrive and React Query tell the components (its notifications ride a
 * short fake timer).
 */
async function settle() {
  for (let round = 0; round < 10; round += 1) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
  }
}

function bars(ids: number[]) {
  return (
    <>
      {ids.map((id) => (
        <MovieActions key={id} movieId={id} title={`Movie ${id}`} year="2023-10-14" posterPath={`/p${id}.jpg`} />
      ))}
    </>
  );
}

const group = (id: number) => screen.getByRole('group', { name: `Actions for Movie ${id}` });
const button = (id: number, name: 'Favorite' | 'Watchlist') => within(group(id)).getByRole('button', { name });

describe('MovieActions', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 0, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('asks for the status of every bar on the page in one call, 300 ms after the last one appeared', async () => {
    logIn();
    const server = fakeServer();
    renderWithProviders(bars([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]));
    await waitUntil(299);
    expect(server.statusCalls()).toHaveLength(0);
    await waitUntil(300);
    await settle();
    expect(server.statusCalls().map((call) => call.path)).toEqual([
      '/favorites/status/1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16',
    ]);
    expect(button(2, 'Favorite')).toHaveAttribute('aria-pressed', 'true');
    expect(button(2, 'Watchlist')).toHaveAttribute('aria-pressed', 'false');
    expect(button(3, 'Watchlist')).toHaveAttribute('aria-pressed', 'true');
    expect(button(1, 'Favorite')).toHaveAttribute('aria-pressed', 'false');
  });

  it('makes at most one status call per second: tiles appearing soon after a call wait for the next second', async () => {
    logIn();
    const server = fakeServer();
    function GrowingPage() {
      const [ids, setIds] = useState([1, 2]);
      return (
        <>
          {bars(ids)}
          <button type="button" onClick={() => setIds([1, 2, 3, 3, 4])}>
            Load more
          </button>
        </>
      );
    }
    renderWithProviders(<GrowingPage />);
    await waitUntil(300);
    await settle();
    await waitUntil(400);
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    // The debounce alone would send at 700 ms; the one-per-second rule holds it to 1300.
    await waitUntil(1299);
    expect(server.statusCalls()).toHaveLength(1);
    await waitUntil(1300);
    await settle();
    expect(server.statusCalls().map((call) => [call.at, call.path])).toEqual([
      [300, '/favorites/status/1,2'],
      [1300, '/favorites/status/3,4'],
    ]);
    expect(screen.getAllByRole('button', { name: 'Watchlist' })[2]).toHaveAttribute('aria-pressed', 'true');
  });

  it('splits more than 100 movies over calls of at most 100 ids, one per second', async () => {
    logIn();
    const server = fakeServer();
    const ids = Array.from({ length: 150 }, (_, index) => index + 1);
    renderWithProviders(bars(ids));
    await waitUntil(300);
    expect(server.statusCalls()).toHaveLength(1);
    await waitUntil(1299);
    expect(server.statusCalls()).toHaveLength(1);
    await waitUntil(1300);
    await settle();
    const sent = server.statusCalls().map((call) => ({ at: call.at, count: call.path.split('/').at(-1)?.split(',').length }));
    expect(sent).toEqual([
      { at: 300, count: 100 },
      { at: 1300, count: 50 },
    ]);
    expect(button(150, 'Watchlist')).toHaveAttribute('aria-pressed', 'false');
    expect(button(3, 'Watchlist')).toHaveAttribute('aria-pressed', 'true');
   }, 20_000); // 150 bars take a while on a busy machine

  it('flips at once and sends the movie along with the add', async () => {
    logIn();
    let release: (reply: Reply) => void = () => {};
    const server = fakeServer(() => new Promise<Reply>((resolve) => (release = resolve)));
    renderWithProviders(bars([1]));
    await waitUntil(300);
    await settle();
    fireEvent.click(button(1, 'Watchlist'));
    await settle();
    // Still waiting for the server, already shown as added.
    expect(button(1, 'Watchlist')).toHaveAttribute('aria-pressed', 'true');
    expect(server.writes()).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/favorites',
        body: { movie_id: 1, type: 1, original_title: 'Movie 1', release_year: 2023, poster_path: '/p1.jpg' },
      }),
    ]);
    release({ status: 201, body: { success: true } });
    await settle();
    expect(button(1, 'Watchlist')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('removes with DELETE /favorites/{movieId}/{type}', async () => {
    logIn();
    const server = fakeServer(() => ({ status: 204 }));
    renderWithProviders(bars([2, 3]));
    await waitUntil(300);
    await settle();
    fireEvent.click(button(2, 'Favorite'));
    fireEvent.click(button(3, 'Watchlist'));
    await settle();
    expect(server.writes().map((call) => `${call.method} ${call.path}`)).toEqual([
      'DELETE /favorites/2/2',
      'DELETE /favorites/3/1',
    ]);
    expect(button(2, 'Favorite')).toHaveAttribute('aria-pressed', 'false');
    expect(button(3, 'Watchlist')).toHaveAttribute('aria-pressed', 'false');
  });

  it('flips back and alerts "Failed to update watchlist" when the server refuses', async () => {
    logIn();
    let release: (reply: Reply) => void = () => {};
    fakeServer(() => new Promise<Reply>((resolve) => (release = resolve)));
    renderWithProviders(bars([1]));
    await waitUntil(300);
    await settle();
    fireEvent.click(button(1, 'Watchlist'));
    await settle();
    expect(button(1, 'Watchlist')).toHaveAttribute('aria-pressed', 'true');
    release({ status: 500, body: { success: false, code: 'internal', message: 'Internal error' } });
    await settle();
    expect(button(1, 'Watchlist')).toHaveAttribute('aria-pressed', 'false');
    const alert = screen.getByRole('alertdialog', { name: 'Failed to update watchlist' });
    fireEvent.click(within(alert).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('flips a failed favorite back and only logs the error (PRODUCT-SPEC §8)', async () => {
    logIn();
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeServer(() => ({ status: 503, body: { success: false, code: 'unavailable', message: 'Try later' } }));
    renderWithProviders(bars([1]));
    await waitUntil(300);
    await settle();
    fireEvent.click(button(1, 'Favorite'));
    await settle();
    expect(button(1, 'Favorite')).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(log).toHaveBeenCalledWith('Failed to update favorites', expect.any(Error));
  });

  it('sends one add for a double-click, and ignores clicks while the add is on its way', async () => {
    logIn();
    let release: (reply: Reply) => void = () => {};
    const server = fakeServer(() => new Promise<Reply>((resolve) => (release = resolve)));
    renderWithProviders(bars([1]));
    await waitUntil(300);
    await settle();
    fireEvent.click(button(1, 'Watchlist'));
    fireEvent.click(button(1, 'Watchlist'));
    await settle();
    fireEvent.click(button(1, 'Watchlist'));
    await settle();
    expect(server.writes()).toHaveLength(1);
    expect(button(1, 'Watchlist')).toHaveAttribute('aria-disabled', 'true');
    expect(button(1, 'Watchlist')).toHaveAttribute('aria-pressed', 'true');
    release({ status: 201, body: { success: true } });
    await settle();
    expect(button(1, 'Watchlist')).not.toHaveAttribute('aria-disabled');
    expect(button(1, 'Watchlist')).toHaveAttribute('aria-pressed', 'true');
  });

  it('does not undo an add with the second click of a double-click, even when the add was quick', async () => {
    logIn();
    const server = fakeServer();
    renderWithProviders(bars([1]));
    await waitUntil(300);
    await settle();
    fireEvent.click(button(1, 'Watchlist'), { detail: 1 });
    await settle(); // the add has been answered
    fireEvent.click(button(1, 'Watchlist'), { detail: 2 });
    await settle();
    expect(server.writes().map((call) => call.method)).toEqual(['POST']);
    expect(button(1, 'Watchlist')).toHaveAttribute('aria-pressed', 'true');
  });

  it('builds on what the bar showed when clicked before its status arrived, then asks again', async () => {
    logIn();
    const server = fakeServer();
    renderWithProviders(<MovieActions movieId={3} title="Movie 3" known={{ is_watchlist: true }} />);
    expect(button(3, 'Watchlist')).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(button(3, 'Favorite'));
    await settle();
    expect(button(3, 'Favorite')).toHaveAttribute('aria-pressed', 'true');
    expect(button(3, 'Watchlist')).toHaveAttribute('aria-pressed', 'true');
    expect(server.writes().map((call) => call.method)).toEqual(['POST']);
    // The withdrawn lookup is asked again once the add is through, to confirm both flags.
    await waitUntil(1000);
    await settle();
    expect(server.statusCalls().map((call) => call.path)).toEqual(['/favorites/status/3']);
  });

  it('updates every bar that shows the same movie', async () => {
    logIn();
    const server = fakeServer();
    renderWithProviders(
      <>
        <MovieActions movieId={5} title="Movie 5" />
        <section aria-label="Carousel">
          <MovieActions movieId="5" title="Movie 5 again" />
        </section>
      </>,
    );
    await waitUntil(300);
    await settle();
    expect(server.statusCalls().map((call) => call.path)).toEqual(['/favorites/status/5']);
    fireEvent.click(button(5, 'Favorite'));
    // The second bar is busy too: a click there cannot send a second add.
    const other = within(screen.getByRole('group', { name: 'Actions for Movie 5 again' })).getByRole('button', { name: 'Favorite' });
    fireEvent.click(other);
    await settle();
    expect(other).toHaveAttribute('aria-pressed', 'true');
    expect(server.writes()).toHaveLength(1);
  });

  it('shows a visitor a login prompt instead of toggling, and asks the server nothing', async () => {
    const server = fakeServer();
    renderWithProviders(bars([1, 2]));
    await waitUntil(2000);
    await settle();
    expect(server.calls).toHaveLength(0);
    expect(button(2, 'Favorite')).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(button(2, 'Watchlist'));
    await settle();
    const dialog = screen.getByRole('dialog', { name: 'Log in to save movies' });
    expect(within(dialog).getByRole('link', { name: 'Login / Sign In' })).toHaveAttribute('href', '/login');
    expect(within(dialog).getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/signup');
    expect(button(2, 'Watchlist')).toHaveAttribute('aria-pressed', 'false');
    expect(server.calls).toHaveLength(0);
  });
});
