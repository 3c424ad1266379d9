import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { renderWithIntl as render } from '@/testing/render';
import { Router, Routes } from '@/lib/router';
import { createMemoryRouter } from '@/testing/memory-router';
import { routes } from './routes';

function renderAt(path: string) {
  const { source } = createMemoryRouter(path);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <Router source={source}>
        <Routes routes={routes} />
      </Router>
    </QueryClientProvider>,
  );
}

describe('routes', () => {
  it.each(['/', '/homepage'])('%s shows the home page inside the shared header and footer', async (path) => {
    renderAt(path);
    // Loaded on demand, as every page.
    expect(await screen.findByRole('heading', { level: 1, name: 'Find your next movie night' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toHaveTextContent(
      'This product uses the TMDB API but is not endorsed or certified by TMDB.',
    );
  });

  it.each([
    ['/login', 'Welcome back'],
    ['/signup', 'Create your account'],
    ['/settings', 'Settings'],
    ['/about', 'About Leffaseura'],
    ['/faq', 'Frequently asked questions'],
    ['/terms', 'Terms of use'],
    ['/contact', 'Contact us'],
    ['/no/such/page', 'Page not found'],
  ])('%s shows "%s"', async (path, heading) => {
    renderAt(path);
    // Every page but the homepage is loaded on demand.
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  it('dates the terms October 2025', async () => {
    renderAt('/terms');
    expect(await screen.findByText('Last updated: October 2025')).toBeInTheDocument();
  });

  it('lists the three contact addresses', async () => {
    renderAt('/contact');
    for (const email of ['support@leffaseura.fi', 'partners@leffaseura.fi', 'ideas@leffaseura.fi']) {
      expect(await screen.findByRole('link', { name: email })).toHaveAttribute('href', `mailto:${email}`);
    }
  });

  it('has a footer with the static pages', () => {
    renderAt('/about');
    const footer = screen.getByRole('navigation', { name: 'Footer' });
    for (const [name, href] of [
      ['About', '/about'],
      ['FAQ', '/faq'],
      ['Terms', '/terms'],
      ['Contact', '/contact'],
    ]) {
      expect(footer.querySelector(`a[href="${href}"]`)).toHaveTextContent(name as string);
    }
  });
});
