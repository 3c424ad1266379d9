import { Link } from 'react-router';
import { usePageTitle } from '@/lib/use-page-title';

export function TermsPage() {
  usePageTitle('Terms');
  return (
    <article className="prose">
      <h1>Terms of use</h1>
      <p className="muted">Last updated: October 2025</p>

      <h2>1. The service</h2>
      <p>
        Leffaseura is a community website for movie fans in Finland. By using it you agree to these terms. If you do
        not agree, please do not use the service.
      </p>

      <h2>2. Your account</h2>
      <p>
        You are responsible for your account and for keeping your password safe. Give a working email address and
        choose a username that does not impersonate anyone. You can change your details, control what you share on
        your profile, or delete your account at any time in <Link to="/settings">Settings</Link>; we may deactivate
        accounts that break these terms.
      </p>

      <h2>3. Reviews and other content</h2>
      <p>
        Reviews, ratings, bios and group descriptions are written by members, and each member is responsible for what
        they post. Keep it about the movies: no harassment, hate speech, spam, spoilers without warning in titles, or
        content that infringes others’ rights. You keep the rights to what you write and allow Leffaseura to show it
        on the service. Moderators and the Leffaseura team may remove content that breaks these rules.
      </p>

      <h2>4. Groups</h2>
      <p>
        Group owners and moderators manage their groups’ members and favorites. Group memberships, group favorites and
        members’ group activity are visible only to members of that group.
      </p>

      <h2>5. Third-party information</h2>
      <p>
        Movie information and images come from TMDB; this product uses the TMDB API but is not endorsed or certified
        by TMDB. Showtimes come from Finnkino. We show this information as we receive it and cannot guarantee that it
        is complete or current — check the cinema before you go.
      </p>

      <h2>6. Privacy</h2>
      <p>
        We store what you give us (username, email, bio, reviews, favorites, watchlist and group memberships) to run
        the service, and your password only in hashed form. Your email is never shown to other members. When you
        delete your account, your reviews, reactions, favorites and memberships are deleted with it.
      </p>

      <h2>7. Changes</h2>
      <p>
        We may update these terms; the date above shows the latest version. Continuing to use Leffaseura after a
        change means you accept the updated terms. Questions? <Link to="/contact">Contact us</Link>.
      </p>
    </article>
  );
}
