import type { RouteObject } from 'react-router';
import { ComingSoon, type ComingSoonPage } from '@/components/coming-soon';
import { Layout } from '@/components/layout/layout';
import { MovieActions } from '@/components/movie-actions/movie-actions';
import { LoginPage } from '@/features/auth/components/login-page';
import { SignupPage } from '@/features/auth/components/signup-page';
import { FavoritesPage } from '@/features/favorites/components/favorites-page';
import { WatchlistPage } from '@/features/favorites/components/watchlist-page';
import { AddToGroupFavorites } from '@/features/groups/components/add-to-group-favorites';
import { BrowseGroupsPage } from '@/features/groups/components/browse-groups-page';
import { CreateGroupPage } from '@/features/groups/components/create-group-page';
import { GroupPage } from '@/features/groups/components/group-page';
import { MyGroups } from '@/features/groups/components/my-groups';
import { PopularGroupsCarousel } from '@/features/groups/components/popular-groups-carousel';
import { HomePage } from '@/features/home/components/home-page';
import { BrowsePage } from '@/features/movies/components/browse-page';
import { MoviePage } from '@/features/movies/components/movie-page';
import { ProfilePage } from '@/features/profile/components/profile-page';
import { MovieShowtimes } from '@/features/showtimes/components/movie-showtimes';
import { ShowtimesPage } from '@/features/showtimes/components/showtimes-page';
import { WatchlistShowtimes } from '@/features/showtimes/components/watchlist-showtimes';
import { MovieReviews } from '@/features/reviews/components/movie-reviews';
import { SettingsPage } from '@/features/settings/components/settings-page';
import { AboutPage } from '@/features/static-pages/components/about-page';
import { ContactPage } from '@/features/static-pages/components/contact-page';
import { FaqPage } from '@/features/static-pages/components/faq-page';
import { TermsPage } from '@/features/static-pages/components/terms-page';
import { NotFoundPage } from './not-found-page';

/** Pages whose feature is not built yet: each says so in one sentence (comingSoon.<page>.title/message). */
const soon = (page: ComingSoonPage) => <ComingSoon titleKey={`comingSoon.${page}.title`} messageKey={`comingSoon.${page}.message`} />;

/** The favorite/watchlist toggles for a movie tile (Browse) or the Movie page. */
type ActionMovie = { id: number; title: string; originalTitle: string; releaseDate: string; posterPath: string | null };
const movieActions = (movie: ActionMovie, variant: 'compact' | 'full') => (
  <MovieActions
    movieId={movie.id}
    title={movie.title}
    originalTitle={movie.originalTitle}
    year={movie.releaseDate}
    posterPath={movie.posterPath}
    variant={variant}
  />
);

/** The profile's "My groups" (another member's "Groups"). */
const profileGroups = (user: { id: number; username: string }, isOwn: boolean) => (
  <MyGroups userId={user.id} username={user.username} isOwn={isOwn} />
);

/** Every route of PRODUCT-SPEC §2. */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: '/', element: <HomePage popularGroups={<PopularGroupsCarousel />} watchlistShowtimes={<WatchlistShowtimes />} /> },
      { path: '/homepage', element: <HomePage popularGroups={<PopularGroupsCarousel />} watchlistShowtimes={<WatchlistShowtimes />} /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/signup', element: <SignupPage /> },
      { path: '/settings', element: <SettingsPage /> },
      { path: '/profile', element: <ProfilePage renderGroups={profileGroups} /> },
      { path: '/profile/:userId', element: <ProfilePage renderGroups={profileGroups} /> },
      { path: '/favorites/:userId', element: <FavoritesPage /> },
      { path: '/watchlist', element: <WatchlistPage showtimes={<WatchlistShowtimes />} /> },
      { path: '/watchlist/:userId', element: <WatchlistPage showtimes={<WatchlistShowtimes />} /> },
      { path: '/browse', element: <BrowsePage renderCardActions={(movie) => movieActions(movie, 'compact')} /> },
      { path: '/groups', element: <BrowseGroupsPage /> },
      { path: '/groups/create', element: <CreateGroupPage /> },
      { path: '/groups/:id', element: <GroupPage /> },
      {
        path: '/movie/:id',
        element: (
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
        ),
      },
      { path: '/schedule', element: <ShowtimesPage /> },
      { path: '/search', element: soon('search') },
      { path: '/reviews', element: soon('reviews') },
      { path: '/about', element: <AboutPage /> },
      { path: '/faq', element: <FaqPage /> },
      { path: '/contact', element: <ContactPage /> },
      { path: '/terms', element: <TermsPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
