import type { IntlMessageFormat } from 'intl-messageformat';
import type en from './en.json';
import type { Language } from '../language';
// A type only: nothing of the boot script's code comes with it.
import type { PreloadTable } from '@/app/boot/plan';

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

/**
 * What a production build's index.html says about the texts (scripts/route-preloads.mjs,
 * scripts/page-texts.mjs): each language's texts that every page needs, and each route's own.
 * The boot script reads the same table.
 */
function readTextsTable(): PreloadTable | null {
  if (typeof document === 'undefined') return null;
  try {
    const table = JSON.parse(document.getElementById('route-preloads')?.textContent ?? 'null') as Partial<PreloadTable> | null;
    return table?.files && table.routes && table.catalogues && table.routeTexts ? (table as PreloadTable) : null;
  } catch {
    return null;
  }
}

/** In a production build: the texts come in parts. In tests and development: null, each catalogue is whole. */
const table = readTextsTable();

/**
 * The one language whose texts come in parts (the language of the first page shown); a
 * language switched to later loads whole, once.
 */
let partial: Language | null = null;

function textsAt(index: number | undefined): Promise<Partial<Catalogue>> {
  const url = index === undefined ? undefined : table?.files[index];
  if (!url) return Promise.reject(new Error(`no texts file #${String(index)}`));
  // A file of the build named at run time; the boot script has usually preloaded it.
  return import(/* @vite-ignore */ url).then((module: { default: Partial<Catalogue> }) => module.default);
}

// Each language's catalogue is one object for the app's lifetime, filled as its parts arrive,
// so that the IntlShape made for it (intl.ts) sees every text that comes later.
const texts: Record<Language, Partial<Catalogue>> = { en: {}, fi: {} };
const loaded: Partial<Record<Language, Catalogue>> = {};
const loading: Partial<Record<Language, Promise<Catalogue>>> = {};
const failed: Partial<Record<Language, unknown>> = {};

/** Fetches a language's texts once (in parts: those every page needs); later calls share the first call's promise. */
export function loadCatalogue(language: Language): Promise<Catalogue> {
  if (table && partial === null) partial = language;
  loading[language] ??= (table && partial === language ? textsAt(table.catalogues[language][0]) : loaders[language]()).then(
    (catalogue) => {
      Object.assign(texts[language], catalogue);
      loaded[language] = texts[language] as Catalogue;
      return loaded[language];
    },
    (error: unknown) => {
      failed[language] = error;
      throw error;
    },
  );
  return loading[language];
}

const pageTexts = new Map<string, Promise<void>>();

/**
 * The texts of the page at route `pattern` (`/movie/:id`), in a production build whose texts
 * come in parts; at once otherwise. The page renders once they are here (app/routes.tsx).
 * A failure is not the page's: a text the parts lack shows once the whole catalogue is here.
 */
export function loadPageTexts(pattern: string, language: Language): Promise<void> {
  if (!table) return Promise.resolve();
  if (partial === null) partial = language;
  const inParts = partial;
  const route = table.routes.findIndex(([path]) => path === pattern);
  const index = table.routeTexts[inParts][route] ?? -1;
  if (index < 0) return Promise.resolve();
  let done = pageTexts.get(pattern);
  if (!done) {
    done = textsAt(index).then(
      (part) => {
        Object.assign(texts[inParts], part);
      },
      () => loadWhole(inParts),
    );
    pageTexts.set(pattern, done);
  }
  return done;
}

const whole: Partial<Record<Language, Promise<void>>> = {};
const textListeners = new Set<() => void>();
let textsVersion = 0;

/** Counts the times texts came that were missing (loadWhole): what shows them must render again. */
export function getTextsVersion(): number {
  return textsVersion;
}

export function subscribeTexts(listener: () => void): () => void {
  textListeners.add(listener);
  return () => {
    textListeners.delete(listener);
  };
}

/**
 * The rest of a language's texts, when one was asked for that its parts lack (intl.ts): the
 * build's split missed a text, and later renders show it rather than its key.
 */
export function loadWhole(language: Language): Promise<void> {
  whole[language] ??= loaders[language]().then(
    (catalogue) => {
      for (const [key, text] of Object.entries(catalogue)) texts[language][key as MessageKey] ??= text;
      textsVersion += 1;
      for (const listener of textListeners) listener();
    },
    () => undefined,
  );
  return whole[language];
}

/** Whether `language`'s texts come in parts, so that one may be missing until loadWhole. */
export function isPartial(language: Language): boolean {
  return table !== null && partial === language;
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
