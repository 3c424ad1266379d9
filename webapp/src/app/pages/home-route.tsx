import { lazy, Suspense, type ComponentType } from 'react';
import { HomePage } from '@/features/home/components/home-page';

/** A part of a page loaded after the page itself: nothing shows until it is here. */
function part<Module>(load: () => Promise<Module>, pick: (module: Module) => ComponentType) {
  const Part = lazy(() => load().then((module) => ({ default: pick(module) })));
  return (
    <Suspense fallback={null}>
      <Part />
    </Suspense>
  );
}

// The homepage's showtimes (signed-in users with a watchlist only) and popular groups come
// after its hero and first carousels: their code does not hold up the homepage.
const popularGroups = part(() => import('@/features/groups/components/popular-groups-carousel'), (m) => m.PopularGroupsCarousel);
const watchlistShowtimes = part(() => import('@/features/showtimes/components/watchlist-showtimes'), (m) => m.WatchlistShowtimes);

export default function HomeRoute() {
  return <HomePage popularGroups={popularGroups} watchlistShowtimes={watchlistShowtimes} />;
}
