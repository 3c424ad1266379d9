import { useId, useState } from 'react';
import { Link } from '@/lib/router';
import type { Group } from '@/api/groups/types';
import { useFormat, useGenreName, useT } from '@/lib/i18n';
import { TAGS_SHOWN, groupGenres, memberCount } from '../lib/format';
import styles from './groups.module.css';
import pageStyles from './group-page.module.css';

/** The Facts box: owner (a profile link, or Unknown), member count, created date, visibility, genre tags. */
export function GroupFacts({ group }: { group: Group }) {
  const t = useT();
  const genreName = useGenreName();
  const format = useFormat();
  const tagsId = useId();
  const [allTags, setAllTags] = useState(false);
  const names = groupGenres(group).map(genreName);
  const shown = allTags ? names : names.slice(0, TAGS_SHOWN);
  const created = group.created_at ? format.date(group.created_at) : null;

  return (
    <aside className={pageStyles.facts} aria-labelledby="group-facts">
      <h2 id="group-facts" className={pageStyles.factsTitle}>
        {t('groups.facts.title')}
      </h2>
      <dl className={pageStyles.factList}>
        <div>
          <dt>{t('groups.facts.owner')}</dt>
          <dd>
            {group.owner_id > 0 && group.owner_name ? (
              <Link to={`/profile/${group.owner_id}`}>{group.owner_name}</Link>
            ) : (
              t('groups.facts.unknown')
            )}
          </dd>
        </div>
        <div>
          <dt>{t('groups.facts.members')}</dt>
          <dd>{format.number(memberCount(group.member_count))}</dd>
        </div>
        <div>
          <dt>{t('groups.facts.created')}</dt>
          <dd>{created ?? t('common.notAvailable')}</dd>
        </div>
        <div>
          <dt>{t('groups.facts.visibility')}</dt>
          <dd>{t(group.visibility === 'private' ? 'groups.visibility.private' : 'groups.visibility.public')}</dd>
        </div>
        <div className={pageStyles.factTags}>
          <dt>{t('groups.facts.genres')}</dt>
          <dd>
            {names.length === 0 ? (
              t('groups.facts.noGenres')
            ) : (
              <>
                <ul id={tagsId} className={pageStyles.tags}>
                  {shown.map((name) => (
                    <li key={name} className={pageStyles.tag}>
                      {name}
                    </li>
                  ))}
                </ul>
                {names.length > TAGS_SHOWN ? (
                  <button
                    type="button"
                    className={styles.linkButton}
                    aria-expanded={allTags}
                    aria-controls={tagsId}
                    onClick={() => setAllTags((value) => !value)}
                  >
                    {allTags ? t('groups.facts.hide') : t('groups.facts.showAll')}
                  </button>
                ) : null}
              </>
            )}
          </dd>
        </div>
      </dl>
    </aside>
  );
}
