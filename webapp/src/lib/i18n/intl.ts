import { IntlMessageFormat } from 'intl-messageformat';
import { createFormatters } from './formatters';
import { LOCALES, type Language } from './language';
import { getTextsVersion, isPartial, loadedCatalogue, loadWhole, type Catalogue, type MessageKey, type MessageSource } from './messages';

/** Values an ICU message takes: `{count}`, `{name}`, … */
export type MessageValues = Record<string, string | number | boolean | Date | null | undefined>;

/** A tag of a rich text (`<link>…</link>`): what stands between the tags → what to show. */
export type TagFunction<T> = (chunks: (string | T)[]) => string | T | (string | T)[];

/** Values of a rich text: elements (`T`) and tags besides the plain values. */
export type RichValues<T> = Record<string, MessageValues[string] | T | TagFunction<T>>;

type Descriptor = { id: MessageKey };

/** The texts and formatters of one language. */
export type IntlShape = {
  /** The Intl locale: fi-FI or en-GB. */
  readonly locale: string;
  readonly messages: Catalogue;
  /** A text of the catalogue. Never throws: a missing or broken text is reported and shows its id (or its ICU source). */
  formatMessage(descriptor: Descriptor, values?: MessageValues): string;
  /** A text with elements in it: a string, or its parts (strings and elements) in order. */
  formatRichMessage<T>(descriptor: Descriptor, values?: RichValues<T>): string | T | (string | T)[];
  formatNumber(value: number, options?: Intl.NumberFormatOptions): string;
  formatDate(value: Date | number, options?: Intl.DateTimeFormatOptions): string;
  /** Hours and minutes unless `options` asks for other fields. */
  formatTime(value: Date | number, options?: Intl.DateTimeFormatOptions): string;
  formatRelativeTime(value: number, unit: Intl.RelativeTimeFormatUnit, options?: Intl.RelativeTimeFormatOptions): string;
};

export type IntlErrorCode = 'MISSING_TRANSLATION' | 'FORMAT_ERROR';

export type IntlConfig = {
  locale: string;
  messages: Catalogue;
  onError?: (code: IntlErrorCode, message: string, cause?: unknown) => void;
};

function reportError(code: IntlErrorCode, message: string, cause?: unknown) {
  // Both catalogues have every key (a test checks it), so a missing text is a bug worth seeing.
  if (cause === undefined) console.error(`[i18n] ${code}: ${message}`);
  else console.error(`[i18n] ${code}: ${message}`, cause);
}

type Element = Exclude<MessageSource, string>[number];
type Literal = Extract<Element, { type: 0 }>;

function isLiteral(element: Element): element is Literal {
  return element.type === 0;
}

/** A precompiled text without arguments or tags: its words, with no formatter to make. */
function literalText(source: MessageSource): string | undefined {
  if (typeof source === 'string' || !source.every(isLiteral)) return undefined;
  return source.map((element) => element.value).join('');
}

function toText<T>(result: string | T | (string | T)[]): string {
  return Array.isArray(result) ? result.join('') : String(result);
}

export function createIntl({ locale, messages, onError = reportError }: IntlConfig): IntlShape {
  // One set for all the language's messages and calls: plural rules and number formats are
  // made once, not once per message.
  const formatters = createFormatters();
  // A text without values is formatted once; a text with values is parsed once.
  const plain = new Map<MessageKey, string>();
  const parsed = new Map<MessageKey, IntlMessageFormat>();

  function format<T>(id: MessageKey, values?: RichValues<T>): string | T | (string | T)[] {
    const source = Object.prototype.hasOwnProperty.call(messages, id) ? messages[id] : undefined;
    if (source === undefined) {
      onError('MISSING_TRANSLATION', `no text "${id}" for ${locale}`);
      return id;
    }
    try {
      const text = values ? undefined : literalText(source);
      if (text !== undefined) return text;
      let message = parsed.get(id);
      if (!message) {
        message = new IntlMessageFormat(source, locale, undefined, { formatters });
        parsed.set(id, message);
      }
      return message.format<T>(values);
    } catch (error) {
      onError('FORMAT_ERROR', `cannot format "${id}" for ${locale}`, error);
      return typeof source === 'string' ? source : id;
    }
  }

  function formatMessage({ id }: Descriptor, values?: MessageValues): string {
    if (values) return toText(format(id, values));
    let text = plain.get(id);
    if (text === undefined) {
      text = toText(format(id));
      plain.set(id, text);
    }
    return text;
  }

  /** Intl throws on a value it cannot format (an invalid date…): shown as it is, and reported. */
  function safely(value: unknown, run: () => string): string {
    try {
      return run();
    } catch (error) {
      onError('FORMAT_ERROR', `cannot format ${String(value)} for ${locale}`, error);
      return String(value);
    }
  }

  return {
    locale,
    messages,
    formatMessage,
    formatRichMessage: (descriptor, values) => (values ? format(descriptor.id, values) : formatMessage(descriptor)),
    formatNumber: (value, options) => safely(value, () => formatters.getNumberFormat(locale, options).format(value)),
    formatDate: (value, options) => safely(value, () => formatters.getDateTimeFormat(locale, options).format(value)),
    formatTime: (value, options) => {
      const fields = options && (options.hour || options.minute || options.second || options.timeStyle || options.dateStyle);
      const timeOptions = fields ? options : { ...options, hour: 'numeric', minute: 'numeric' } as const;
      return safely(value, () => formatters.getDateTimeFormat(locale, timeOptions).format(value));
    },
    formatRelativeTime: (value, unit, options) =>
      safely(value, () => formatters.getRelativeTimeFormat(locale, options).format(value, unit)),
  };
}

const made: Partial<Record<Language, { intl: IntlShape; version: number }>> = {};

/**
 * The texts and formatters of a language, one until texts that were missing come (the
 * I18nProvider's, and outside React: pure helpers, their tests). The language's catalogue must be loaded
 * (`loadCatalogue`): the shown one always is.
 */
export function intlFor(language: Language): IntlShape {
  const messages = loadedCatalogue(language);
  if (!messages) throw new Error(`the ${language} texts are not loaded yet (loadCatalogue)`);
  const version = getTextsVersion();
  // Texts that were missing came (messages' loadWhole): a new IntlShape, so that what shows
  // texts renders again, and none of the keys shown in their place is remembered.
  if (made[language]?.version !== version) {
    const intl = createIntl({
      locale: LOCALES[language],
      messages,
      onError: (code, message, cause) => {
        reportError(code, message, cause);
        // The build's split of the texts (scripts/page-texts.mjs) missed this one: the rest
        // of the language's texts come, and the next render shows it.
        if (code === 'MISSING_TRANSLATION' && isPartial(language)) void loadWhole(language);
      },
    });
    made[language] = { intl, version };
  }
  return made[language].intl;
}
