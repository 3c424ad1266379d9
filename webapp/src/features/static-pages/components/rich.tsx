import type { ReactNode } from 'react';
import { Link } from '@/lib/router';

/** The tags the static pages' texts use: `<strong>…</strong>` and links to other pages. */
export const richTags = {
  strong: (chunks: ReactNode[]) => <strong>{chunks}</strong>,
  settings: (chunks: ReactNode[]) => <Link to="/settings">{chunks}</Link>,
  contact: (chunks: ReactNode[]) => <Link to="/contact">{chunks}</Link>,
  signup: (chunks: ReactNode[]) => <Link to="/signup">{chunks}</Link>,
};
