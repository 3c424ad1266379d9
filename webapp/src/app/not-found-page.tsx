import { Link } from 'react-router';
import { usePageTitle } from '@/lib/use-page-title';

export function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <section className="card center-card">
      <h1>Page not found</h1>
      <p className="muted">This page does not exist — maybe the link is old or has a typo.</p>
      <Link to="/" className="btn btn-primary">
        Back to home
      </Link>
    </section>
  );
}
