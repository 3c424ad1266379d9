import { Link } from '@/lib/router';
import type { Group } from '@/api/groups/types';
import { useGenreName, useT } from '@/lib/i18n';
import { CARD_DESCRIPTION_LIMIT, CARD_NAME_LIMIT, CARD_TAGS, groupGenres, isLonger, joinTags, memberCount, themeName, truncate } from '../lib/format';
import { GroupPoster } from './group-poster';
import { LockIcon } from './icons';
import styles from './groups.module.css';

export type GroupCardGroup = Pick<
  Group,
  'id' | 'name' | 'description' | 'visibility' | 'theme_id' | 'poster_url' | 'member_count' | 'genres' | 'genre_tags'
>;

type GroupCardProps = {
  group: GroupCardGroup;
  /** A note under the name, e.g. the viewer's role on the profile. */
  badge?: string;
  /** "carousel": fixed width for the homepage strip. */
  variant?: 'grid' | 'carousel';
};

/** One group in a list: theme colour, poster, name (24 characters), description (140), members, visibility. */
export function GroupCard({ group, badge, variant = 'grid' }: GroupCardProps) {
  const t = useT();
  const genreName = useGenreName();
  const theme = themeName(group.theme_id) ?? 'none';
  const description = group.description.trim();
  const names = groupGenres(group).map(genreName);
  const tags = names.length > CARD_TAGS
    ? t('groups.card.moreTags', { tags: joinTags(names.slice(0, CARD_TAGS)), count: names.length - CARD_TAGS })
    : joinTags(names);
  return (
    <article className={`${styles.card} ${styles[`theme-${theme}`] ?? ''} ${variant === 'carousel' ? styles.cardCarousel : ''}`} data-testid="group-card">
      <Link to={`/groups/${group.id}`} className={styles.cardLink} title={isLonger(group.name, CARD_NAME_LIMIT) ? group.name : undefined}>
        <GroupPoster name={group.name} posterUrl={group.poster_url} themeId={group.theme_id} alt="" />
        <span className={styles.cardBody}>
          <span className={styles.cardName}>{truncate(group.name, CARD_NAME_LIMIT)}</span>
          {badge ? <span className={styles.badge}>{badge}</span> : null}
          <span className={styles.cardDescription}>
            {description ? truncate(description, CARD_DESCRIPTION_LIMIT) : t('groups.card.noDescription')}
          </span>
          {tags ? <span className={styles.cardTags}>{tags}</span> : null}
          <span className={styles.cardMeta}>
            <span>{t('groups.card.members', { count: memberCount(group.member_count) })}</span>
            <span className={styles.visibility}>
              {group.visibility === 'private' ? (
                <>
                  <LockIcon />
                  {t('groups.visibility.private')}
                </>
              ) : (
                t('groups.visibility.public')
              )}
            </span>
          </span>
        </span>
      </Link>
    </article>
  );
}
