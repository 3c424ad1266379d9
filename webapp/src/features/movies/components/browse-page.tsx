import { useQueryClient } from '@tanstack/react-query';
import { memo, useEffect, useRef, type FormEvent, type ReactNode } from 'react';
import { Link, useSearchParams } from '@/lib/router';
import { sourceFor, useGenres, type MovieListItem } from '@/api/movies';
import { ARROW_LEFT, ARROW_RIGHT, SEPARATOR } from '@/components/icons/glyphs';
import { MovieCard } from '@/components/movie-card/movie-card';
import { SearchField } from '@/components/search-field/search-field';
import { useGenreName, useT } from '@/lib/i18n';
import { usePageTitle } from '@/lib/use-page-title';
import { useFollowedText } from '@/lib/use-followed-text';
import { useBrowseMovies } from '../lib/use-browse-movies';
import { browseSearch, readBrowseParams, type BrowseState } from '../lib/browse-params';
import { UI_PAGE_SIZE } from '../lib/paging';
import { GenreChips } from './genre-chips';
import styles from './browse-page.module.css';

export type BrowsePageProps = {
  /** Buttons under each tile (favorite/watchlist), composed in by the app. */
  renderCardActions?: (movie: MovieListItem) => ReactNode;
};

/**
 * /browse: a title search (`?q=`), genre filters (`?genres=28,12`) or popular movies, 16 per
 * page (`?page=`). Everything lives in the URL so Back, Forward and reloads keep the view.
 */
export function BrowsePage({ renderCardActions }: BrowsePageProps) {
  const t = useT();
  const genreName = useGenreName();
  const [params, setParams] = useSearchParams();
  const fromUrl = readBrowseParams(params);
  // A title search covers every genre (TMDB cannot filter a search by genre).
  const state: BrowseState = fromUrl.q ? { ...fromUrl, genres: [] } : fromUrl;
  const { q, genres, page } = state;
  const hasIgnoredGenres = fromUrl.q !== '' && params.has('genres');

  useEffect(() => {
    // A search clears the genres (the rule above): drop them from an opened URL too, so the
    // URL, the chips and the results agree.
    if (hasIgnoredGenres) setParams(new URLSearchParams(browseSearch({ q, genres: [], page })), { replace: true });
  }, [hasIgnoredGenres, q, page, setParams]);
  usePageTitle(q ? t('browse.searchPageTitle', { q }) : t('browse.pageTitle'));

  const genresQuery = useGenres();
  const movies = useBrowseMovies(sourceFor(q, genres), page);
  const queryClient = useQueryClient();
  const headingRef = useRef<HTMLHeadingElement>(null);

  function go(next: BrowseState) {
    setParams(new URLSearchParams(browseSearch(next)));
  }

  function search(text: string) {
    go({ q: text.trim(), genres: text.trim() ? [] : genres, page: 1 });
  }

  function toggleGenre(id: number) {
    const next = genres.includes(id) ? genres.filter((g) => g !== id) : [...genres, id];
    go({ q: '', genres: next, page: 1 });
  }

  function clearFilters() {
    go({ q: '', genres: [], page: 1 });
  }

  function toPage(next: number) {
    go({ ...state, page: next });
    headingRef.current?.scrollIntoView?.({ block: 'start' });
  }

  const genreNames = genres.map((id) => genreName({ id, name: genresQuery.data?.find((g) => g.id === id)?.name ?? `#${id}` }));
  const data = movies.data;
  const heading = q
    ? data && data.totalResults === 0
      ? t('browse.noResults', { q })
      : t('browse.results', { q })
    : genres.length > 0
      ? t('browse.genreHeading', { genres: genreNames.join(' + '), count: genres.length })
      : t('browse.popular');
  const isDefault = !q && genres.length === 0 && page === 1;

  return (
    <div className={styles.browse}>
      <SearchForm q={q} isDefault={isDefault} onSearch={search} onClear={clearFilters} />
      <aside className={styles.sidebar} aria-labelledby="browse-genres">
        <h2 id="browse-genres" className={styles.sideTitle}>
          {t('browse.genres')}
          {genres.length > 0 ? (
            <span className={styles.selectedCount}>
              {SEPARATOR}
              {t('browse.genresSelected', { count: genres.length })}
            </span>
          ) : null}
        </h2>
        {genresQuery.isPending ? (
          <p className="muted">{t('browse.genresLoading')}</p>
        ) : genresQuery.isError ? (
          <p className="muted">
            {t('browse.genresError')} <button type="button" className={styles.linkButton} onClick={() => void genresQuery.refetch()}>
              {t('common.retry')}
            </button>
          </p>
        ) : (
          <GenreChips genres={genresQuery.data} selected={genres} onToggle={toggleGenre} />
        )}
        {q ? <p className={styles.hint}>{t('browse.searchHint')}</p> : null}
      </aside>

      <section className={styles.main} aria-labelledby="browse-heading">

        <header className={styles.resultsHeader}>
          <h1 id="browse-heading" ref={headingRef} tabIndex={-1} className={styles.heading}>
            {heading}
          </h1>
          {data && data.totalResults > 0 ? (
            <p className={styles.count}>
              {t('browse.count', { count: data.totalResults })}
              {data.pageCount > 1 && page <= data.pageCount ? SEPARATOR + t('browse.pageOf', { page, pages: data.pageCount }) : null}
            </p>
          ) : null}
        </header>

        {movies.error ? (
          <div className={`notice notice-error ${styles.state}`} role="alert">
            {t('browse.failed')} <button
              type="button"
              className="btn"
              onClick={() => void queryClient.refetchQueries({ queryKey: ['tmdb'], type: 'active' })}
            >
              {t('common.retry')}
            </button>
          </div>
        ) : !data ? (
          <LoadingGrid />
        ) : data.movies.length === 0 ? (
          page > 1 ? (
            // Past the last page, whatever the search or genres (also past TMDB's 500 pages).
            <p className={styles.empty}>
              {t('browse.noPage', { page })} <Link to={{ search: browseSearch({ ...state, page: 1 }) }} className={styles.pageLink}>
                {t('browse.firstPage')}
              </Link>
            </p>
          ) : (
            <p className={styles.empty}>
              {q ? t('browse.emptySearch') : t('browse.emptyGenres')}
            </p>
          )
        ) : (
          <>
            <MovieGrid movies={data.movies} busy={movies.isFetching} renderCardActions={renderCardActions} />
            {data.pageCount > 1 ? (
              <nav className={styles.pager} aria-label={t('paging.label')}>
                <button type="button" className="btn" onClick={() => toPage(page - 1)} disabled={page <= 1}>
                  <span aria-hidden="true">{ARROW_LEFT}</span> {t('paging.prev')}
                </button>
                <span className={styles.pageInfo} aria-live="polite">
                  {t('paging.pageOf', { page, pages: data.pageCount })}
                </span>
                <button type="button" className="btn" onClick={() => toPage(page + 1)} disabled={page >= data.pageCount}>
                  {t('paging.next')} <span aria-hidden="true">{ARROW_RIGHT}</span>
                </button>
              </nav>
            ) : null}
          </>
        )}
      </section>
    </div>
  );
}

/**
 * The search box and its buttons, with the text being typed as their own state: a key
 * re-renders this form only, not the page around it (its genres, heading and tiles), so it
 * answers at once on a slow phone too.
 */
function SearchForm({
  q,
  isDefault,
  onSearch,
  onClear,
}: {
  q: string;
  isDefault: boolean;
  onSearch: (text: string) => void;
  onClear: () => void;
}) {
  const t = useT();
  // The navbar or Back/Forward changed the search: the box shows it too.
  const [text, setText] = useFollowedText(q);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSearch(text);
  }

  function clear() {
    setText('');
    onClear();
  }

  return (
    <form role="search" className={styles.searchForm} onSubmit={submit} aria-label={t('browse.formLabel')}>
      <SearchField
        id="browse-search"
        label={t('browse.searchLabel')}
        placeholder={t('browse.searchPlaceholder')}
        value={text}
        onChange={setText}
      />
      <div className={styles.formButtons}>
        <button type="submit" className="btn btn-primary">
          {t('browse.search')}
        </button>
        <button type="button" className="btn" onClick={clear} disabled={isDefault && !text}>
          {t('browse.clear')}
        </button>
      </div>
    </form>
  );
}

/**
 * The page's tiles (sixteen, each with its own favorite and watchlist buttons), drawn again
 * only when the movies change, not when the page does for its genres or a fetch's state.
 */
const MovieGrid = memo(function MovieGrid({
  movies,
  busy,
  renderCardActions,
}: {
  movies: MovieListItem[];
  busy: boolean;
  renderCardActions: BrowsePageProps['renderCardActions'];
}) {
  return (
    <ul className={styles.grid} aria-busy={busy}>
      {movies.map((movie) => (
        <li key={movie.id}>
          <MovieCard
            id={movie.id}
            title={movie.title}
            posterUrl={movie.posterPath}
            year={movie.releaseDate}
            rating={movie.voteAverage}
            actions={renderCardActions?.(movie)}
          />
        </li>
      ))}
    </ul>
  );
});

function LoadingGrid() {
  const t = useT();
  return (
    <div role="status" aria-live="polite">
      <span className="visually-hidden">{t('browse.loading')}</span>
      <ul className={styles.grid} aria-hidden="true">
        {Array.from({ length: UI_PAGE_SIZE }, (_, index) => (
          <li key={index} className={styles.skeleton} />
        ))}
      </ul>
    </div>
  );
}
