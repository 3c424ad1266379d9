import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { usePageTitle } from '@/lib/use-page-title';
import styles from './static-pages.module.css';

const FAQ: { q: string; a: ReactNode }[] = [
  {
    q: 'Is Leffaseura free?',
    a: 'Yes. Browsing is open to everyone and an account costs nothing.',
  },
  {
    q: 'Do I need an account?',
    a: (
      <>
        Not to look around: movies, showtimes, reviews, groups and profiles are public. You need an account to keep
        favorites and a watchlist, write reviews, react to reviews and join groups. <Link to="/signup">Sign up</Link>{' '}
        takes a minute.
      </>
    ),
  },
  {
    q: 'Where do the movie details and showtimes come from?',
    a: 'Movie details and posters come from TMDB (The Movie Database). Showtimes come from Finnkino’s public schedule feed. If something looks wrong there, it is usually fixed at the source within a day.',
  },
  {
    q: 'Who writes the reviews and ratings?',
    a: 'Our community. Ratings go from 1 to 5 stars, each member can review a movie once and can edit or delete their review later.',
  },
  {
    q: 'What is aura?',
    a: 'Aura sums up how the community reacts to your reviews: the likes they received minus the dislikes. It is shown on your profile as Positive, Mostly Positive, Neutral, Mixed or Controversial.',
  },
  {
    q: 'What is the difference between public and private groups?',
    a: 'Anyone can join a public group straight away. A private group takes join requests, which its owner or moderators approve. In both, the group’s favorites and activity are visible only to members.',
  },
  {
    q: 'How do I change my username, email, password or bio?',
    a: (
      <>
        Go to <Link to="/settings">Settings</Link>. Every change asks for your current password first.
      </>
    ),
  },
  {
    q: 'How do I delete my account?',
    a: 'In Settings, choose Delete Account and confirm with your password. Your reviews, reactions, favorites and memberships are removed. Groups you own pass to a moderator or member, or are deleted if nobody is left.',
  },
];

export function FaqPage() {
  usePageTitle('FAQ');
  return (
    <article className="prose">
      <h1>Frequently asked questions</h1>
      <div className={styles.faq}>
        {FAQ.map(({ q, a }) => (
          <details key={q}>
            <summary>{q}</summary>
            <p>{a}</p>
          </details>
        ))}
      </div>
      <p className="muted">
        Did not find your answer? <Link to="/contact">Contact us</Link>.
      </p>
    </article>
  );
}
