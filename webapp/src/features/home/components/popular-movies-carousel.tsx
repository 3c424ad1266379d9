import { Link } from '@/lib/router';
import { Carousel, carouselItemClass } from '@/components/carousel/carousel';
import { movieActions } from '@/components/movie-actions/movie-actions';
import { MovieCard } from '@/components/movie-card/movie-card';
import { useT } from '@/lib/i18n';
import { uniqueMovies, usePopularMovies } from '../lib/home-queries';
import { CarouselError } from './carousel-status';

/** Popular Movies: 20 at first, the next 20 (up to 100) as the strip is scrolled towards its end. */
export function PopularMoviesCarousel() {
  const t = useT();
  const query = usePopularMovies();
  const movies = uniqueMovies(query.data?.pages);

  let status = null;
  if (query.isPending) status = <p>{t('home.popular.loading')}</p>;
  else if (query.isError && movies.length === 0)
    status = <CarouselError message={t('home.popular.error')} onRetry={() => void query.refetch()} />;
  else if (movies.length === 0) status = <p>{t('home.popular.empty')}</p>;

  function loadMore() {
    if (query.hasNextPage && !query.isFetchingNextPage && !query.isFetchNextPageError) void query.fetchNextPage();
  }

  return (
    <Carousel
      title={t('home.popular.title')}
      action={
        <Link to="/browse" className="btn">
          {t('home.seeAll')}
        </Link>
      }
      status={status}
      itemCount={movies.length}
      onNearEnd={loadMore}
    >
      {movies.map((movie) => (
        <li key={movie.id} className={carouselItemClass}>
          <MovieCard
            id={movie.id}
            title={movie.title}
            posterUrl={movie.posterPath}
            year={movie.releaseDate}
            rating={movie.voteAverage}
            layout="carousel"
            actions={movieActions(movie, 'compact')}
          />
        </li>
      ))}
    </Carousel>
  );
}
