import { useState, type CSSProperties } from 'react';
import { Link } from '@/lib/router';
import type { Review as RecentReview } from '@/api/reviews';
import { Carousel, carouselItemClass } from '@/components/carousel/carousel';
import { truncate } from '@/components/review/format';
import { Stars } from '@/components/review/stars';
import { useT } from '@/lib/i18n';
import { useRecentReviews } from '../lib/home-queries';
import { CarouselError } from './carousel-status';
import { shortUsername, USERNAME_LIMIT } from './users-carousel';
import styles from './home-page.module.css';

/** A recent-review card shows this many characters of the text (PRODUCT-SPEC §9). */
export const EXCERPT_LENGTH = 120;

/** Most Recent Reviews: the 20 newest, each linking to the review on its movie's page. */
export function RecentReviewsCarousel() {
  const t = useT();
  const query = useRecentReviews();
  const reviews = query.data ?? [];

  let status = null;
  if (query.isPending) status = <p>{t('home.reviews.loading')}</p>;
  else if (query.isError) status = <CarouselError message={t('home.reviews.error')} onRetry={() => void query.refetch()} />;
  else if (reviews.length === 0) status = <p>{t('home.reviews.empty')}</p>;

  return (
    <Carousel title={t('home.reviews.title')} status={status} itemCount={reviews.length}>
      {reviews.map((review) => (
        <li key={review.id} className={carouselItemClass}>
          <ReviewCard review={review} />
        </li>
      ))}
    </Carousel>
  );
}

function ReviewCard({ review }: { review: RecentReview }) {
  const t = useT();
  const title = review.movie_name ?? t('home.reviews.movie', { id: review.movie_id });
  return (
    <article className={styles.reviewCard} data-testid="recent-review">
      <Link to={`/movie/${review.movie_id}#review-${review.id}`} className={styles.reviewLink}>
        <span className={styles.reviewHead}>
          <Poster url={review.poster_url} movieId={review.movie_id} />
          <span className={styles.reviewMovie}>
            <span className={styles.reviewTitle}>{title}</span>
            {review.release_year ? <span className={styles.reviewYear}>{review.release_year}</span> : null}
            <Stars rating={review.rating} />
          </span>
        </span>
        <span className={styles.excerpt}>{truncate(review.content, EXCERPT_LENGTH)}</span>
        <span className={styles.author} title={review.username.length > USERNAME_LIMIT ? review.username : undefined}>
          {t('home.reviews.by', { username: shortUsername(review.username) })}
        </span>
      </Link>
    </article>
  );
}

function Poster({ url, movieId }: { url: string | null; movieId: number }) {
  const [failed, setFailed] = useState(false);
  if (url && !failed) {
    return <img className={styles.reviewPoster} src={url} alt="" loading="lazy" decoding="async" onError={() => setFailed(true)} />;
  }
  return (
    <span
      className={`${styles.reviewPoster} ${styles.posterFallback}`}
      style={{ '--hue': (movieId * 47) % 360 } as CSSProperties}
      aria-hidden="true"
    />
  );
}
