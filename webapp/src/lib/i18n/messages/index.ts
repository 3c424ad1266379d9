import en from './en.json';
import fi from './fi.json';
import type { Language } from '../language';

/** Every text key; `en.json` is the reference and `fi.json` must have the same keys. */
export type MessageKey = keyof typeof en;

export const catalogues: Record<Language, Record<MessageKey, string>> = { en, fi };

declare global {
  // Makes react-intl's `id`s typed: a key missing from the catalogues fails `tsc`.
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace FormatjsIntl {
    interface Message {
      ids: MessageKey;
    }
  }
}
