// How the movie page writes numbers.

/** Minutes as "2 h 19 min" ("45 min", "2 h"); "—" when unknown. */
export function formatRuntime(minutes: number | null | undefined): string {
  if (!minutes || minutes <= 0) return '—';
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/** US dollars as "$63,000,000"; "—" when unknown (TMDB reports an unknown amount as 0). */
export function formatMoney(amount: number | null | undefined): string {
  if (!amount || amount <= 0) return '—';
  return usd.format(amount);
}

/** A 0–10 vote average with one decimal ("8.4"); null when nobody has voted. */
export function formatRating(voteAverage: number | null | undefined): string | null {
  if (!voteAverage || voteAverage <= 0) return null;
  return voteAverage.toFixed(1);
}

/** `YYYY-MM-DD` in en-GB ("15 October 1999", PRODUCT-SPEC §9); "—" when unknown. */
export function formatDate(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return date || '—';
  const [, y, m, d] = match;
  const value = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  return value.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** "Keanu Reeves" → "KR"; at most two letters. */
export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0], parts[parts.length - 1]] : parts;
  return letters.map((part) => Array.from(part ?? '')[0]?.toUpperCase() ?? '').join('') || '?';
}
