import { BrowsePage } from '@/features/movies/components/browse-page';
import { movieActions } from './movie-actions';

export default function BrowseRoute() {
  return <BrowsePage renderCardActions={(movie) => movieActions(movie, 'compact')} />;
}
