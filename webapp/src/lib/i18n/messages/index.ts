import type { IntlMessageFormat } from 'intl-messageformat';
import type en from './en.json';
import type { Language } from '../language';

/** Every text key; `en.json` is the reference and `fi.json` must have the same keys. */
export type MessageKey = keyof typeof en;

/**
 * A text as the catalogue holds it: ICU syntax in tests and development, its syntax tree in
 * production builds (scripts/precompile-messages.mjs).
 */
export type MessageSource = ConstructorParameters<typeof IntlMessageFormat>[0];

export type Catalogue = Record<MessageKey, MessageSource>;

// Each language's texts are a chunk of their own: a visitor downloads only the language
// shown (about 14 KB gzip each), the other one when they switch.
const loaders: Record<Language, () => Promise<Catalogue>> = {
  en: () => import('./en.json').then((module) => module.default),
  fi: () => import('./fi.json').then((module) => module.default),
};

const loaded: Partial<Record<Language, Catalogue>> = {};
const loading: Partial<Record<Language, Promise<Catalogue>>> = {};
const failed: Partial<Record<Language, unknown>> = {};

/** Fetches a language's texts once; later calls share the first call's promise. */
export function loadCatalogue(language: Language): Promise<Catalogue> {
  loading[language] ??= loaders[language]().then(
    (catalogue) => {
      loaded[language] = catalogue;
      return catalogue;
    },
    (error: unknown) => {
      failed[language] = error;
      throw error;
    },
  );
  return loading[language];
}

/**
 * A language's texts for rendering: returns them when they are here, throws the loading
 * promise while they are on their way (a Suspense boundary above waits for it) and the
 * error once loading failed (for the error boundary).
 */
export function readCatalogue(language: Language): Catalogue {
  const catalogue = loaded[language];
  if (catalogue) return catalogue;
  if (language in failed) throw failed[language];
  // Suspense's contract: a component that is not ready throws the promise it waits for.
  throw loadCatalogue(language);
}

/** A language's texts if they are here already. */
export function loadedCatalogue(language: Language): Catalogue | undefined {
  return loaded[language];
}

/** Any catalogue that is here: for questions every catalogue answers alike (which keys exist). */
export function someLoadedCatalogue(): Catalogue | undefined {
  return loaded.en ?? loaded.fi;
}
