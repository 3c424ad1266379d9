import { WatchlistPage } from '@/features/favorites/components/watchlist-page';
import { WatchlistShowtimes } from '@/features/showtimes/components/watchlist-showtimes';

export default function WatchlistRoute() {
  return <WatchlistPage showtimes={<WatchlistShowtimes />} />;
}
