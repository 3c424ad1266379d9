import { useRef, type FormEvent } from 'react';
import { Link, useSearchParams } from '@/lib/router';
import { useBrowseGroups } from '@/api/groups/browse-groups';
import { useGenres } from '@/api/movies';
import { SearchField } from '@/components/search-field/search-field';
import { useGenreName, useT } from '@/lib/i18n';
import { usePageTitle } from '@/lib/use-page-title';
import { useFollowedText } from '@/lib/use-followed-text';
import { BROWSE_PAGE_SIZE, clampPage, pageCount, pageItems, parsePage } from '../lib/paging';
import { GroupCard } from './group-card';
import { Pager } from './pager';
import { PlusIcon } from './icons';
import styles from './groups.module.css';

/** `?genre=28` → 28; nothing else is a genre. */
function parseGenre(raw: string | null): number | null {
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * /groups: search (`?q=`), a genre filter (`?genre=`), Create Group, and the groups 16 per
 * page (`?page=`, paged in the browser). Everything lives in the address, so Back and reloads
 * keep the view.
 */
export function BrowseGroupsPage() {
  const t = useT();
  const nameOf = useGenreName();
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const genre = parseGenre(params.get('genre'));
  const genres = genre === null ? [] : [genre];
  usePageTitle(q ? t('groups.browse.resultsFor', { q }) : t('groups.browse.title'));

  // Back/Forward changed the search: the box follows.
  const [text, setText] = useFollowedText(q);

  const query = useBrowseGroups(q, genres);
  const genresQuery = useGenres();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const groups = query.data ?? [];
  const page = clampPage(parsePage(params.get('page')), groups.length, BROWSE_PAGE_SIZE);
  const pages = pageCount(groups.length, BROWSE_PAGE_SIZE);

  function go(next: { q: string; genre: number | null; page: number }) {
    const search = new URLSearchParams();
    if (next.q) search.set('q', next.q);
    if (next.genre !== null) search.set('genre', String(next.genre));
    if (next.page > 1) search.set('page', String(next.page));
    setParams(search);
  }

  function onSearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    go({ q: text.trim(), genre, page: 1 });
  }

  function toPage(next: number) {
    go({ q, genre, page: next });
    headingRef.current?.scrollIntoView?.({ block: 'start' });
  }

  const filtered = q !== '' || genre !== null;
  const known = genresQuery.data?.find((g) => g.id === genre);
  const genreName = genre === null ? null : known ? nameOf(known) : `#${genre}`;
  const heading = q ? t('groups.browse.resultsFor', { q }) : genreName ? t('groups.browse.genreHeading', { genre: genreName }) : t('groups.browse.popular');

  return (
    <div>
      <header className={styles.browseHead}>
        <div>
          <h1 className={styles.browseTitle}>{t('groups.browse.title')}</h1>
          <p className={styles.lead}>{t('groups.browse.lead')}</p>
        </div>
        <Link to="/groups/create" className="btn btn-primary">
          <PlusIcon /> {t('groups.browse.create')}
        </Link>
      </header>

      <form role="search" className={styles.filters} onSubmit={onSearch} aria-label={t('groups.browse.searchLabel')}>
        <SearchField
          id="group-search"
          label={t('groups.browse.searchLabel')}
          placeholder={t('groups.browse.searchPlaceholder')}
          value={text}
          onChange={setText}
        />
        <label htmlFor="group-genre" className="visually-hidden">
          {t('groups.browse.genreLabel')}
        </label>
        <select
          id="group-genre"
          value={genre ?? ''}
          onChange={(event) => go({ q: text.trim(), genre: parseGenre(event.target.value), page: 1 })}
          disabled={genresQuery.isPending}
        >
          <option value="">{t('groups.browse.allGenres')}</option>
          {(genresQuery.data ?? []).map((g) => (
            <option key={g.id} value={g.id}>
              {nameOf(g)}
            </option>
          ))}
        </select>
        <div className={styles.filterButtons}>
          <button type="submit" className="btn btn-primary">
            {t('groups.browse.search')}
          </button>
          <button
            type="button"
            className="btn"
            disabled={!filtered && !text}
            onClick={() => {
              setText('');
              go({ q: '', genre: null, page: 1 });
            }}
          >
            {t('groups.browse.clear')}
          </button>
        </div>
      </form>

      <section aria-labelledby="groups-results">
        <div className={styles.resultsHead}>
          <h2 id="groups-results" ref={headingRef} className={styles.resultsTitle} tabIndex={-1}>
            {heading}
          </h2>
          {query.isSuccess && groups.length > 0 ? <p className="muted">{t('groups.browse.count', { count: groups.length })}</p> : null}
        </div>

        {query.isPending ? (
          <p className={styles.state} role="status">
            {t('groups.browse.loading')}
          </p>
        ) : query.isError ? (
          <div className={styles.state} role="alert">
            <p>{t('groups.browse.error')}</p>
            <button type="button" className="btn" onClick={() => void query.refetch()}>
              {t('groups.common.retry')}
            </button>
          </div>
        ) : groups.length === 0 ? (
          <div className={`card ${styles.empty}`}>
            <p>{filtered ? t('groups.browse.empty') : t('groups.browse.noGroupsYet')}</p>
            <Link to="/groups/create" className="btn btn-primary">
              {t('groups.browse.create')}
            </Link>
          </div>
        ) : (
          <>
            <ul className={styles.grid} aria-label={t('groups.browse.listLabel')} aria-busy={query.isFetching || undefined}>
              {pageItems(groups, page, BROWSE_PAGE_SIZE).map((group) => (
                <li key={group.id}>
                  <GroupCard group={group} />
                </li>
              ))}
            </ul>
            <Pager page={page} pages={pages} onPage={toPage} label={t('groups.browse.pagesLabel')} />
          </>
        )}
      </section>
    </div>
  );
}
