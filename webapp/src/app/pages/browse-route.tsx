import { BrowsePage } from '@/features/movies/components/browse-page';
import type { MovieListItem } from '@/api/movies';
import { movieActions } from '@/components/movie-actions/movie-actions';

// One function for every render: Browse redraws its tiles only when this or the movies change.
const cardActions = (movie: MovieListItem) => movieActions(movie, 'compact');

export default function BrowseRoute() {
  return <BrowsePage renderCardActions={cardActions} />;
}
