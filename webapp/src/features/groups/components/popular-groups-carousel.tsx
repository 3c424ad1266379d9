import { Link } from '@/lib/router';
import { usePopularGroups } from '@/api/groups/get-popular-groups';
import { Carousel, carouselItemClass } from '@/components/carousel/carousel';
import { useT } from '@/lib/i18n';
import { GroupCard } from './group-card';
import styles from './groups.module.css';

/** The homepage's "Most Popular Groups" (20, by member count); left out while there are no groups at all. */
export function PopularGroupsCarousel() {
  const t = useT();
  const query = usePopularGroups();
  const groups = query.data ?? [];
  if (query.isSuccess && groups.length === 0) return null;

  let status = null;
  if (query.isPending) status = <p>{t('groups.popular.loading')}</p>;
  else if (query.isError)
    status = (
      <p role="alert" className={styles.retryLine}>
        {t('groups.popular.error')}
        <button type="button" className="btn" onClick={() => void query.refetch()}>
          {t('groups.common.retry')}
        </button>
      </p>
    );

  return (
    <Carousel
      title={t('groups.popular.title')}
      status={status}
      itemCount={groups.length}
      action={
        <Link to="/groups" className={styles.seeAll}>
          {t('groups.popular.seeAll')}
        </Link>
      }
    >
      {groups.map((group) => (
        <li key={group.id} className={`${carouselItemClass} ${styles.carouselItem}`}>
          <GroupCard group={group} variant="carousel" />
        </li>
      ))}
    </Carousel>
  );
}
