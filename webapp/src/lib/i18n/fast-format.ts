import { IntlMessageFormat } from 'intl-messageformat';
import type { IntlShape } from 'react-intl';
import type { MessageKey } from './messages';

type Values = Record<string, string | number | boolean | Date | null | undefined>;
type Cache = { plain: Map<string, string>; formats: Map<string, IntlMessageFormat> };

const caches = new WeakMap<IntlShape, Cache>();

/**
 * `intl.formatMessage` with a cache per language: a text without values is formatted once,
 * a text with values parsed once. react-intl builds a memo key from the whole message and
 * its options on every call, which a page of a hundred movie tiles feels.
 */
export function formatFast(intl: IntlShape, id: MessageKey, values?: Values): string {
  let cache = caches.get(intl);
  if (!cache) {
    cache = { plain: new Map(), formats: new Map() };
    caches.set(intl, cache);
  }
  // A string in tests and development, its ICU syntax tree in production builds
  // (scripts/precompile-messages.mjs); IntlMessageFormat takes either.
  const source = intl.messages[id];
  // An unknown text (never with our typed catalogues): react-intl's own path reports it.
  if (source === undefined) return intl.formatMessage({ id }, values);
  if (!values) {
    let text = cache.plain.get(id);
    if (text === undefined) {
      text = intl.formatMessage({ id });
      cache.plain.set(id, text);
    }
    return text;
  }
  let format = cache.formats.get(id);
  if (!format) {
    format = new IntlMessageFormat(source, intl.locale, intl.formats, { formatters: intl.formatters });
    cache.formats.set(id, format);
  }
  try {
    const result = format.format<string>(values);
    return Array.isArray(result) ? result.join('') : String(result);
  } catch {
    return intl.formatMessage({ id }, values); // lets react-intl report the broken value
  }
}
