import { MovieActions } from '@/components/movie-actions/movie-actions';

/** The favorite/watchlist toggles for a movie tile (Browse) or the Movie page. */
type ActionMovie = { id: number; title: string; originalTitle: string; releaseDate: string; posterPath: string | null };

export const movieActions = (movie: ActionMovie, variant: 'compact' | 'full') => (
  <MovieActions
    movieId={movie.id}
    title={movie.title}
    originalTitle={movie.originalTitle}
    year={movie.releaseDate}
    posterPath={movie.posterPath}
    variant={variant}
  />
);
