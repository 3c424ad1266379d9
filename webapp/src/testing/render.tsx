import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import type { SessionUser } from '@/lib/auth-storage';
import { I18nProvider, type Language } from '@/lib/i18n';
import { Router, Routes, type RouteObject } from '@/lib/router';
import { createMemoryRouter } from './memory-router';

type RenderWithProvidersOptions = {
  path?: string;
  route?: string;
  /** Fixes the language; by default the one the app would choose (the stored choice, else the browser's: English in jsdom). */
  language?: Language;
};

/** Renders `ui` at `path` inside a router (with a few stub routes to land on), a fresh query client and the texts. */
export function renderWithProviders(ui: ReactElement, { path = '/', route = path, language }: RenderWithProvidersOptions = {}) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  // The first match wins: the homepage stub first, so that `route: '*'` leaves `/` to it.
  const routes: RouteObject[] = [
    ...(route !== '/' ? [{ path: '/', element: <p>Home page</p> }] : []),
    { path: route, element: ui },
    { path: '*', element: <LocationProbe /> },
  ];
  const { source, router } = createMemoryRouter(path);
  const user = userEvent.setup();
  const result = render(
    <I18nProvider language={language}>
      <QueryClientProvider client={queryClient}>
        <Router source={source}>
          <Routes routes={routes} />
        </Router>
      </QueryClientProvider>
    </I18nProvider>,
  );
  return { ...result, user, router, queryClient };
}

/** `render` with the texts only (for components that need no router or queries). */
export function renderWithIntl(ui: ReactElement, { language, ...options }: Omit<RenderOptions, 'wrapper'> & { language?: Language } = {}) {
  const wrapper = ({ children }: { children: ReactNode }) => <I18nProvider language={language}>{children}</I18nProvider>;
  return render(ui, { ...options, wrapper });
}

function LocationProbe() {
  return <p>Other page</p>;
}

export const testUser: SessionUser = {
  id: 7,
  username: 'kaisa',
  email: 'kaisa@example.fi',
  user_bio: 'I love Kaurismäki.',
  created_at: '2025-10-01T10:00:00Z',
  review_count: 0,
  average_rating: null,
  total_likes: 0,
  total_dislikes: 0,
  aura: 0,
  aura_label: 'Neutral',
};

/** Stores a logged-in session the way the login page does. */
export function logIn(user: SessionUser = testUser, token = 'test-token') {
  localStorage.setItem('token', token);
  localStorage.setItem('user', JSON.stringify(user));
}

type Reply = { status: number; body?: unknown };

/** Replaces fetch with a handler that gets the method, the path under /api/v1 and the JSON body. */
export function mockApi(
  handler: (call: { method: string; path: string; query: URLSearchParams; body: unknown; headers: Headers }) => Reply,
) {
  const calls: { method: string; path: string; query: URLSearchParams; body: unknown; headers: Headers }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(request.url, 'http://localhost');
    const text = await request.text();
    const call = {
      method: request.method,
      path: url.pathname.replace(/^\/api(\/v1)?/, ''),
      query: url.searchParams,
      // Uploads (multipart) stay text; everything else the API takes is JSON.
      body: text ? (request.headers.get('content-type')?.startsWith('multipart/') ? text : (JSON.parse(text) as unknown)) : undefined,
      headers: request.headers,
    };
    calls.push(call);
    const reply = handler(call);
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}
