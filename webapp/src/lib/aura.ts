import type { components } from '@/api/schema';
import type { MessageKey } from '@/lib/i18n';

/** The aura labels the API sends (AuraLabel in openapi.yaml); the rule that picks one lives in core. */
export type AuraLabel = components['schemas']['AuraLabel'];

const KEYS: Record<AuraLabel, MessageKey> = {
  Positive: 'aura.positive',
  'Mostly Positive': 'aura.mostlyPositive',
  Neutral: 'aura.neutral',
  Mixed: 'aura.mixed',
  Controversial: 'aura.controversial',
};

/** The catalogue key of an aura label; null for a label this webapp does not know yet (shown as sent). */
export function auraLabelKey(label: string | null | undefined): MessageKey | null {
  return label && Object.prototype.hasOwnProperty.call(KEYS, label) ? KEYS[label as AuraLabel] : null;
}
