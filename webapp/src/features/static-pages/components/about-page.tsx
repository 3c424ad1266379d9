import { Link } from 'react-router';
import { usePageTitle } from '@/lib/use-page-title';

export function AboutPage() {
  usePageTitle('About');
  return (
    <article className="prose">
      <h1>About Leffaseura</h1>
      <p>
        Leffaseura (“movie club”) is a social home for movie fans in Finland. Find a film, see where it is showing
        tonight, tell others what you thought of it and gather your friends into movie groups.
      </p>

      <h2>Where the information comes from</h2>
      <ul>
        <li>
          <strong>Movie information</strong> — titles, posters, cast, crew and descriptions — comes from TMDB, The
          Movie Database. This product uses the TMDB API but is not endorsed or certified by TMDB.
        </li>
        <li>
          <strong>Showtimes</strong> come from Finnkino’s public schedule feed, for theatres across Finland.
        </li>
        <li>
          <strong>Reviews and ratings</strong> come from our community: every star and every word is written by a
          Leffaseura member.
        </li>
      </ul>

      <h2>What you can do</h2>
      <p>
        Anyone can browse movies, showtimes, reviews, groups and profiles. With a free account you can also keep
        favorites and a watchlist, write reviews, like or dislike other members’ reviews, and create or join movie
        groups — public ones open to everybody and private ones that you join by request.
      </p>

      <h2>Groups and privacy</h2>
      <p>
        Group memberships, group favorites and the activity inside a group are visible only to that group’s members.
        You can edit your profile, control what you share and delete your account at any time from{' '}
        <Link to="/settings">Settings</Link>.
      </p>

      <h2>Who we are</h2>
      <p>
        Leffaseura started as a student project by a small team of film lovers. Questions or ideas? Head over to the{' '}
        <Link to="/contact">contact page</Link>.
      </p>
    </article>
  );
}
