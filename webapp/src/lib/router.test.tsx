import { fireEvent, screen } from '@testing-library/react';
import { renderWithIntl } from '@/testing/render';
import { createMemoryRouter } from '@/testing/memory-router';
import { Link, matchPath, NavLink, Outlet, Router, Routes, useLocation, useParams, useSearchParams, type RouteObject } from './router';

// The app was written against react-router: these hold the adapter to the semantics it relied on.

function Where() {
  const { pathname, search, hash } = useLocation();
  return <p data-testid="where">{`${pathname}|${search}|${hash}|${JSON.stringify({ id: useParams().id })}`}</p>;
}

function renderAt(path: string, routes: RouteObject[]) {
  const { source, router } = createMemoryRouter(path);
  renderWithIntl(
    <Router source={source}>
      <Routes routes={routes} />
    </Router>,
  );
  return router;
}

describe('router', () => {
  it('matches case-insensitively, with trailing slashes, and decodes params', () => {
    expect(matchPath('/browse', '/Browse/')).toEqual({ params: expect.any(Object) });
    expect(matchPath('/browse', '/browse//')).not.toBeNull();
    expect(matchPath('/movie/:id', '/movie/603/x')).toBeNull();
    expect(matchPath('/movie/:id', '/movie')).toBeNull();
    expect(matchPath('/profile/:userId', '/profile/a%40b%2Fc')?.params.userId).toBe('a@b/c');
    expect(matchPath('/profile/:userId', '/profile/100%')?.params.userId).toBe('100%');
  });

  it('shows the first matching route inside its layout, and the catch-all for the rest', () => {
    const layout: RouteObject = {
      element: (
        <main>
          <Outlet />
        </main>
      ),
      children: [
        { path: '/groups/create', element: <p>Create</p> },
        { path: '/groups/:id', element: <Where /> },
        { path: '*', element: <p>Not found</p> },
      ],
    };
    renderAt('/GROUPS/7/?tab=log#top', [layout]);
    expect(screen.getByRole('main')).toContainElement(screen.getByTestId('where'));
    expect(screen.getByTestId('where')).toHaveTextContent('/GROUPS/7/|?tab=log|#top|{"id":"7"}');
  });

  it('renders the catch-all for an unknown path', () => {
    renderAt('/groups/7/x', [
      { path: '/groups/:id', element: <p>Group</p> },
      { path: '*', element: <p>Not found</p> },
    ]);
    expect(screen.getByText('Not found')).toBeInTheDocument();
  });

  it('marks a NavLink active on its path and below it, or on its path only with `end`', () => {
    renderAt('/Browse/x', [
      {
        path: '*',
        element: (
          <>
            <NavLink to="/" end className={({ isActive }) => (isActive ? 'on' : 'off')}>
              Home
            </NavLink>
            <NavLink to="/browse" className={({ isActive }) => (isActive ? 'on' : 'off')}>
              Browse
            </NavLink>
            <NavLink to="/browse" end>
              Exactly Browse
            </NavLink>
            <NavLink to="/brow">Brow</NavLink>
          </>
        ),
      },
    ]);
    expect(screen.getByRole('link', { name: 'Home' })).toHaveClass('off');
    expect(screen.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'Browse' })).toHaveClass('on');
    expect(screen.getByRole('link', { name: 'Browse' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Exactly Browse' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'Brow' })).not.toHaveClass('active');
  });

  it('links to a path, a hash of this page or a new query for this path', () => {
    const onClick = vi.fn();
    const router = renderAt('/browse?q=x', [
      {
        path: '*',
        element: (
          <>
            <Link to="/movie/603" onClick={onClick}>
              Movie
            </Link>
            <Link to="#review-1">Review</Link>
            <Link to={{ search: '?page=1' }}>First page</Link>
            <Where />
          </>
        ),
      },
    ]);
    expect(screen.getByRole('link', { name: 'Review' })).toHaveAttribute('href', '/browse#review-1');
    expect(screen.getByRole('link', { name: 'First page' })).toHaveAttribute('href', '/browse?page=1');

    const newTab = (event: MouseEvent) => event.preventDefault(); // which jsdom cannot open
    window.addEventListener('click', newTab);
    fireEvent.click(screen.getByRole('link', { name: 'Movie' }), { ctrlKey: true });
    window.removeEventListener('click', newTab);
    expect(onClick).toHaveBeenCalledOnce(); // as react-router: onClick on every click
    expect(router.state.location.pathname).toBe('/browse'); // the browser's to follow

    fireEvent.click(screen.getByRole('link', { name: 'First page' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/browse|?page=1||');
    expect(router.state.historyAction).toBe('PUSH');
    fireEvent.click(screen.getByRole('link', { name: 'First page' }));
    expect(router.state.historyAction).toBe('REPLACE'); // already there

    fireEvent.click(screen.getByRole('link', { name: 'Movie' }));
    expect(onClick).toHaveBeenCalledTimes(2);
    expect(router.state.location.pathname).toBe('/movie/603');
  });

  it('sets the query from a string, URLSearchParams or a function, keeping the path', () => {
    function Tabs() {
      const [params, setParams] = useSearchParams();
      return (
        <>
          <p>{`tab ${params.get('tab') ?? 'none'}`}</p>
          <button type="button" onClick={() => setParams('?tab=a&x=1')}>
            A
          </button>
          <button type="button" onClick={() => setParams((previous) => new URLSearchParams([...previous, ['tab', 'b']]), { replace: true })}>
            B
          </button>
          <button type="button" onClick={() => setParams(new URLSearchParams())}>
            None
          </button>
        </>
      );
    }
    const router = renderAt('/profile/7', [{ path: '/profile/:userId', element: <Tabs /> }]);
    fireEvent.click(screen.getByRole('button', { name: 'A' }));
    expect(screen.getByText('tab a')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'B' }));
    expect(router.state.location).toMatchObject({ pathname: '/profile/7', search: '?tab=a&x=1&tab=b' });
    expect(router.state.historyAction).toBe('REPLACE');
    fireEvent.click(screen.getByRole('button', { name: 'None' }));
    expect(router.state.location).toMatchObject({ pathname: '/profile/7', search: '' });
  });
});
