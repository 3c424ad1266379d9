import { Link } from '@/lib/router';
import { Carousel, carouselItemClass } from '@/components/carousel/carousel';
import { MovieActions } from '@/components/movie-actions/movie-actions';
import { MovieCard } from '@/components/movie-card/movie-card';
import { useT } from '@/lib/i18n';
import { useInTheaters } from '../lib/home-queries';
import { CarouselError } from './carousel-status';
import styles from './home-page.module.css';

/** How many placeholder tiles stand in when the list cannot be loaded. */
const PLACEHOLDERS = 6;

/** Currently in Theaters: films now in Finnkino cinemas, each linking to its page; placeholders when the call fails. */
export function InTheatersCarousel() {
  const t = useT();
  const query = useInTheaters();
  const movies = query.data ?? [];
  const action = (
    <Link to="/schedule" className="btn">
      {t('home.inTheaters.showtimes')}
    </Link>
  );

  let status = null;
  if (query.isPending) status = <p>{t('home.inTheaters.loading')}</p>;
  else if (query.isError)
    // PRODUCT-SPEC §2: "if the now-playing call fails, placeholder lists are used".
    status = (
      <div className={styles.placeholders}>
        <CarouselError message={t('home.inTheaters.error')} onRetry={() => void query.refetch()} />
        <ul className={styles.placeholderRow} aria-hidden="true">
          {Array.from({ length: PLACEHOLDERS }, (_, index) => (
            <li key={index} className={styles.placeholderCard} data-testid="in-theaters-placeholder" />
          ))}
        </ul>
      </div>
    );
  else if (movies.length === 0) status = <p>{t('home.inTheaters.empty')}</p>;

  return (
    <Carousel title={t('home.inTheaters.title')} action={action} status={status} itemCount={movies.length}>
      {movies.map((movie) => (
        <li key={movie.id} className={carouselItemClass}>
          <MovieCard
            id={movie.id}
            title={movie.originalTitle}
            posterUrl={movie.posterPath}
            year={movie.releaseYear}
            layout="carousel"
            actions={
              <MovieActions
                movieId={movie.id}
                title={movie.originalTitle}
                originalTitle={movie.originalTitle}
                year={movie.releaseYear}
                posterPath={movie.posterPath}
                variant="compact"
              />
            }
          />
        </li>
      ))}
    </Carousel>
  );
}
