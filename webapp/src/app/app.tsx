import type { QueryClient } from '@tanstack/react-query';
import { Router, Routes } from '@/lib/router';
import { AppProvider } from './provider';
import { routes } from './routes';

/**
 * The router is wouter behind lib/router.tsx: the app uses no loaders, actions or fetchers,
 * only matching, links and the address, and react-router's declarative router alone was about
 * 10 KB brotli of every first load (issue 14).
 */
export function App({ queryClient }: { queryClient?: QueryClient }) {
  return (
    <AppProvider queryClient={queryClient}>
      <Router>
        <Routes routes={routes} />
      </Router>
    </AppProvider>
  );
}
