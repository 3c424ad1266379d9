import { HomePage } from '@/features/home/components/home-page';
import { lazyPart } from './lazy-part';

// The homepage's showtimes (signed-in users with a watchlist only) and popular groups come
// after its hero and first carousels: their code does not hold up the homepage.
const PopularGroups = lazyPart(() => import('@/features/groups/components/popular-groups-carousel').then((m) => m.PopularGroupsCarousel));
const WatchlistShowtimes = lazyPart(() => import('@/features/showtimes/components/watchlist-showtimes').then((m) => m.WatchlistShowtimes));

export default function HomeRoute() {
  return <HomePage popularGroups={<PopularGroups />} watchlistShowtimes={<WatchlistShowtimes />} />;
}
