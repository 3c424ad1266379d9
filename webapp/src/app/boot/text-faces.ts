// The faces a page's first screen sets its text in, for the boot script's warm-up (./main.ts).
// The first layout of text in a face (family, weight, size, style) the renderer has not used
// yet pays for making that face, inside the app's first layout of a cold visit: a face per
// size, so the ten lines of one size each the warm-up laid out before left most of the cost
// (the first layout of /movie at 4x CPU: 65 ms before, 22 ms with these lists; main.ts).
// Bundled into the boot script alone, like ./plan.ts. e2e/boot.test.mjs checks each list
// against the page as it renders: a face the page uses and the list lacks fails it.
import { matchesPattern } from './plan';

/** The app's two font stacks (app/styles.css `--font-body`, `--font-display`), a weight, a CSS font size, and italic where it is. */
export type TextFace = readonly [family: 'body' | 'display', weight: number, size: string, style?: 'italic'];

/** app/styles.css `h1`. */
const HEADING = 'clamp(1.6rem, 1.2rem + 1.6vw, 2.3rem)';
/** features/home/components/home-page.module.css, the hero's title. */
const HERO = 'clamp(2rem, 1.3rem + 3vw, 3.4rem)';

/** The header, the footer and the visitor's menu, on a desktop and on a phone: on every page. */
const FRAME: readonly TextFace[] = [
  ['body', 400, '0.85rem'],
  ['body', 400, '1rem'],
  ['body', 600, '0.9rem'],
  ['body', 600, '1rem'],
  ['body', 650, '0.9rem'],
  ['body', 650, '1rem'],
  ['body', 700, '0.85rem'],
  ['body', 700, '1rem'],
  ['display', 700, '1.15rem'],
  ['display', 800, '1.2rem'],
  ['display', 800, '1.35rem'],
];

/** Movie tiles: title, year and rating, and their buttons. */
const TILES: readonly TextFace[] = [
  ['body', 400, '0.875rem'],
  ['body', 700, '0.875rem'],
];

/** features/home/components/home-page.module.css: the recent reviews' excerpt and author, the users' avatar letter. */
const REVIEW_AND_USER_CARDS: readonly TextFace[] = [
  ['body', 400, '0.92rem'],
  ['body', 600, '0.85rem'],
  ['display', 700, '1.5rem'],
];

/** features/groups/components/groups.module.css: a group card's initials, name, description, tags and badges. */
const GROUP_CARDS: readonly TextFace[] = [
  ['body', 400, '0.9rem'],
  ['body', 650, '0.8rem'],
  ['body', 700, '0.78rem'],
  ['body', 750, '0.85rem'],
  ['display', 750, '1.08rem'],
  ['display', 800, 'clamp(1.6rem, 1rem + 2vw, 2.6rem)'],
];

const HOME: readonly TextFace[] = [
  ...TILES,
  ...REVIEW_AND_USER_CARDS,
  ...GROUP_CARDS,
  ['body', 400, '1.1rem'],
  ['body', 400, '1.35rem'],
  ['display', 700, '1.35rem'],
  ['display', 700, HERO],
];

/** Each page's faces beyond the frame's, by the router's patterns (app/routes.tsx). */
const PAGES: readonly (readonly [pattern: string, faces: readonly TextFace[]])[] = [
  ['/', HOME],
  ['/homepage', HOME],
  ['/browse', [...TILES, ['display', 700, '0.95rem'], ['display', 700, '1.05rem'], ['display', 700, HEADING]]],
  [
    '/movie/:id',
    [
      ['body', 400, '0.92rem'],
      ['body', 400, '1.05rem'],
      ['body', 400, '1.1rem', 'italic'],
      ['body', 600, '0.92rem'],
      ['body', 600, '1.2rem'],
      ['body', 400, '1.35rem'],
      ['body', 700, '0.8rem'],
      ['body', 900, '1.25rem'],
      ['display', 500, HEADING],
      ['display', 700, HEADING],
      ['display', 700, '1.2rem'],
      ['display', 700, '1.35rem'],
      ['display', 700, '1.5rem'],
      ['display', 700, '1.6rem'],
      // features/reviews/components/movie-reviews.module.css (the average, the rating bars)
      // and components/review/review.module.css (a review's date), once it has reviews.
      ['body', 400, '0.875rem'],
      ['body', 400, '0.9rem'],
      ['display', 700, '2.6rem'],
    ],
  ],
];

/** The faces to warm for `pathname`: the frame's, and the page's own where it has a list. */
export function facesFor(pathname: string): readonly TextFace[] {
  const page = PAGES.find(([pattern]) => matchesPattern(pattern, pathname));
  return [...FRAME, ...(page?.[1] ?? [])];
}
