import { MoviePage } from '@/features/movies/components/movie-page';
import { movieActions } from '@/components/movie-actions/movie-actions';
import { lazyPart } from './lazy-part';

// The movie itself shows first; its showtimes, reviews and the group owners' "add to group"
// come right after, their code (most of the page's) no longer before the title (issue 14).
const AddToGroupFavorites = lazyPart(() => import('@/features/groups/components/add-to-group-favorites').then((m) => m.AddToGroupFavorites));
const MovieReviews = lazyPart(() => import('@/features/reviews/components/movie-reviews').then((m) => m.MovieReviews));
const MovieShowtimes = lazyPart(() => import('@/features/showtimes/components/movie-showtimes').then((m) => m.MovieShowtimes));

export default function MovieRoute() {
  return (
    <MoviePage
      renderActions={(movie) => movieActions(movie, 'full')}
      renderGroupSelector={(movie) => (
        <AddToGroupFavorites
          key={movie.id}
          movie={{ id: movie.id, title: movie.originalTitle || movie.title, year: movie.releaseDate, posterPath: movie.posterPath }}
        />
      )}
      renderReviews={(movie) => <MovieReviews key={movie.id} movieId={movie.id} movieTitle={movie.title} />}
      renderShowtimes={(movie) => <MovieShowtimes key={movie.id} movieId={movie.id} />}
    />
  );
}
