import { useState } from 'react';
import { themeName } from '../lib/format';
import styles from './groups.module.css';

type GroupPosterProps = {
  name: string;
  posterUrl: string | null | undefined;
  themeId: number | null | undefined;
  /** The accessible name; empty for a decorative poster (a card whose link names the group). */
  alt: string;
  size?: 'card' | 'hero';
};

/** The group's poster, or a tile in its theme colour with its initials when there is none (or it fails to load). */
export function GroupPoster({ name, posterUrl, themeId, alt, size = 'card' }: GroupPosterProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const theme = themeName(themeId) ?? 'none';
  const className = `${styles.poster} ${size === 'hero' ? styles.posterHero : ''} ${styles[`theme-${theme}`] ?? ''}`;
  if (posterUrl && failed !== posterUrl) {
    return (
      <img
        className={className}
        src={posterUrl}
        alt={alt}
        loading={size === 'hero' ? 'eager' : 'lazy'}
        decoding="async"
        onError={() => setFailed(posterUrl)}
      />
    );
  }
  return (
    <span className={`${className} ${styles.posterFallback}`} role={alt ? 'img' : undefined} aria-label={alt || undefined} aria-hidden={alt ? undefined : true}>
      <span className={styles.initials}>{initials(name)}</span>
    </span>
  );
}

/** "Kauhukerho Helsinki" → "KH"; one word → its first letter. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.slice(0, 2).map((word) => Array.from(word)[0]?.toUpperCase() ?? '');
  return letters.join('') || '?';
}
