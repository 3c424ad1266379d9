import type { QueryClient } from '@tanstack/react-query';
import { BrowserRouter, useRoutes } from 'react-router';
import { AppProvider } from './provider';
import { routes } from './routes';

function Routes() {
  return useRoutes(routes);
}

/**
 * The declarative router: the app uses no loaders, actions or fetchers, and the data router
 * (`createBrowserRouter`) would add about 16 KB gzip to every first load (issue 14).
 */
export function App({ queryClient }: { queryClient?: QueryClient }) {
  return (
    <AppProvider queryClient={queryClient}>
      <BrowserRouter>
        <Routes />
      </BrowserRouter>
    </AppProvider>
  );
}
