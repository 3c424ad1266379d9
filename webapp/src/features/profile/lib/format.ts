// How the profile writes its statistics (PRODUCT-SPEC §2).

export type AuraLabel = 'Positive' | 'Mostly Positive' | 'Neutral' | 'Mixed' | 'Controversial';

/** Aura interpretation: above 10 Positive; 1 to 10 Mostly Positive; 0 Neutral; -9 to -1 Mixed; otherwise Controversial. */
export function auraLabel(aura: number): AuraLabel {
  if (aura > 10) return 'Positive';
  if (aura >= 1) return 'Mostly Positive';
  if (aura === 0) return 'Neutral';
  if (aura >= -9) return 'Mixed';
  return 'Controversial';
}

/** "Aura 1 · Mostly Positive"; the server's label when it sent one. */
export function formatAura(aura: number, label?: string | null): string {
  return `Aura ${aura} · ${label || auraLabel(aura)}`;
}

/** The average rating with one decimal ("4.0"), or "No reviews". */
export function formatAverageRating(average: number | null | undefined, reviewCount?: number): string {
  if (typeof average !== 'number' || !Number.isFinite(average) || reviewCount === 0) return 'No reviews';
  return average.toFixed(1);
}

/** "14 October 2025" (en-GB, PRODUCT-SPEC §9). */
export function formatMemberSince(createdAt: string | null | undefined): string | null {
  if (!createdAt) return null;
  const date = new Date(createdAt);
  if (Number.isNaN(date.getTime())) return null;
  return date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Helsinki' });
}

/** "1 like" / "12 likes". */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
