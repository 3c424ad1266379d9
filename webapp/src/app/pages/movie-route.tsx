import { AddToGroupFavorites } from '@/features/groups/components/add-to-group-favorites';
import { MoviePage } from '@/features/movies/components/movie-page';
import { MovieReviews } from '@/features/reviews/components/movie-reviews';
import { MovieShowtimes } from '@/features/showtimes/components/movie-showtimes';
import { movieActions } from '@/components/movie-actions/movie-actions';

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
