import { act, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { ApiError } from '@/lib/api-client';
import { renderWithProviders } from '@/testing/render';
import { LanguageSwitch } from '@/components/language-switch/language-switch';
import { errorKey, errorText } from './errors';
import { formatCalendarDate, formatDate, formatDecimal1, formatRelative, formatTime } from './format';
import { I18nProvider } from './i18n-provider';
import { createIntl } from './intl';
import { getLanguage, LANGUAGE_STORAGE_KEY, languageFromBrowser, resetLanguage, setLanguage, type Language } from './language';
import en from './messages/en.json';
import fi from './messages/fi.json';
import { useGenreName, useT } from './hooks';

const catalogues = { en, fi };

function intlFor(language: Language) {
  return createIntl({ locale: language === 'fi' ? 'fi-FI' : 'en-GB', messages: catalogues[language] });
}

function tIn(language: Language) {
  const wrapper = ({ children }: { children: ReactNode }) => <I18nProvider language={language}>{children}</I18nProvider>;
  return renderHook(() => useT(), { wrapper }).result.current;
}

function stubBrowserLanguages(languages: string[]) {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
}

afterEach(() => vi.restoreAllMocks());

describe('language choice', () => {
  it('follows the browser on a first visit: any Finnish gives Finnish, anything else English', () => {
    expect(languageFromBrowser(['fi'])).toBe('fi');
    expect(languageFromBrowser(['fi-FI', 'en'])).toBe('fi');
    expect(languageFromBrowser(['sv-FI', 'fi'])).toBe('en');
    expect(languageFromBrowser(['en-US'])).toBe('en');
    expect(languageFromBrowser([])).toBe('en');
    expect(languageFromBrowser(['fil'])).toBe('en'); // Filipino is not Finnish

    stubBrowserLanguages(['fi-FI']);
    resetLanguage();
    expect(getLanguage()).toBe('fi');
    expect(document.documentElement.lang).toBe('fi');
  });

  it('switches every text at once from the switch, remembers the choice and sets <html lang>', async () => {
    const { user } = renderWithProviders(<LanguageSwitch />);
    expect(document.documentElement.lang).toBe('en');
    const english = screen.getByRole('button', { name: 'English' });
    expect(english).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('group', { name: 'Language' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Suomi' }));

    expect(screen.getByRole('group', { name: 'Kieli' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Suomi' })).toHaveAttribute('aria-pressed', 'true');
    expect(english).toHaveAttribute('aria-pressed', 'false');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('fi');
    expect(document.documentElement.lang).toBe('fi');
  });

  it('keeps a remembered choice over the browser’s language', () => {
    stubBrowserLanguages(['en-GB']);
    setLanguage('fi');
    expect(getLanguage()).toBe('fi');
    stubBrowserLanguages(['fi']);
    setLanguage('en');
    expect(getLanguage()).toBe('en');
  });

  it('follows a choice made in another tab', () => {
    renderWithProviders(<LanguageSwitch />);
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: LANGUAGE_STORAGE_KEY, newValue: 'fi' }));
    });
    expect(screen.getByRole('group', { name: 'Kieli' })).toBeInTheDocument();
  });
});

describe('plural forms', () => {
  it.each([
    [0, 'No reviews', 'Ei arvosteluja'],
    [1, '1 review', '1 arvostelu'],
    [2, '2 reviews', '2 arvostelua'],
    [5, '5 reviews', '5 arvostelua'],
  ])('%i reviews: "%s" / "%s"', (count, english, finnish) => {
    expect(tIn('en')('reviews.count', { count })).toBe(english);
    expect(tIn('fi')('reviews.count', { count })).toBe(finnish);
  });

  it('writes big counts with the language’s digit grouping', () => {
    expect(tIn('en')('reviews.count', { count: 1234 })).toBe('1,234 reviews');
    // Finnish groups thousands with a (no-break) space.
    expect(tIn('fi')('reviews.count', { count: 1234 })).toMatch(/^1\s234 arvostelua$/u);
  });
});

describe('dates and numbers', () => {
  const time = '2025-10-14T15:30:00Z'; // 18:30 in Helsinki

  it('writes dates the Finnish and the British way, in Finnish time', () => {
    expect(formatDate(intlFor('en'), time)).toBe('14 October 2025');
    expect(formatDate(intlFor('fi'), time)).toBe('14. lokakuuta 2025');
    expect(formatTime(intlFor('en'), time)).toBe('18:30');
    expect(formatTime(intlFor('fi'), time)).toBe('18.30');
    expect(formatDate(intlFor('en'), 'not a date')).toBeNull();
  });

  it('keeps a calendar date on its day', () => {
    expect(formatCalendarDate(intlFor('en'), '1999-10-15')).toBe('15 October 1999');
    expect(formatCalendarDate(intlFor('fi'), '1999-10-15')).toBe('15. lokakuuta 1999');
    expect(formatCalendarDate(intlFor('fi'), '1999')).toBeNull();
  });

  it('writes decimals and relative times in the language', () => {
    expect(formatDecimal1(intlFor('en'), 4)).toBe('4.0');
    expect(formatDecimal1(intlFor('fi'), 4)).toBe('4,0');
    const now = Date.parse(time);
    expect(formatRelative(intlFor('en'), now - 3 * 86_400_000, now)).toBe('3 days ago');
    expect(formatRelative(intlFor('fi'), now - 3 * 86_400_000, now)).toBe('3 päivää sitten');
    expect(formatRelative(intlFor('fi'), now - 86_400_000, now)).toBe('eilen');
  });
});

describe('errors by code', () => {
  it('says a known code in the reader’s language, whatever the server wrote', () => {
    const body = { success: false as const, code: 'username_taken', message: 'This username is already taken.', field: 'username' };
    expect(errorText(intlFor('fi'), body)).toBe('Käyttäjätunnus on jo varattu.');
    expect(errorText(intlFor('en'), body)).toBe('This username is already taken.');
    expect(errorText(intlFor('fi'), new ApiError(409, body, 'x'))).toBe('Käyttäjätunnus on jo varattu.');
  });

  it('prefers a text for the code and field together when there is one', () => {
    expect(errorKey('validation_error', 'rating')).toBe('errors.validation_error.rating');
    expect(errorText(intlFor('fi'), { code: 'validation_error', field: 'rating', message: 'missing field `rating`' })).toBe(
      'Valitse arvosana 1–5.',
    );
    expect(errorKey('validation_error', 'nickname')).toBe('errors.validation_error');
    expect(errorKey('wrong_password', null)).toBe('errors.wrong_password');
    expect(errorKey('no_such_code', 'x')).toBeNull();
    expect(errorKey(undefined)).toBeNull();
  });

  it('falls back to the server’s message for a code it does not know', () => {
    const body = { code: 'brand_new_rule', message: 'Something new went wrong.' };
    expect(errorText(intlFor('fi'), body)).toBe('Something new went wrong.');
    expect(errorText(intlFor('fi'), new ApiError(400, body, 'fallback'))).toBe('Something new went wrong.');
  });

  it('explains a network failure and anything else in general words', () => {
    expect(errorText(intlFor('fi'), new TypeError('Failed to fetch'))).toBe(
      'Leffaseuraan ei saatu yhteyttä. Tarkista verkkoyhteys ja yritä uudelleen.',
    );
    expect(errorText(intlFor('en'), new Error('internal detail'))).toBe('Something went wrong. Please try again.');
    expect(errorText(intlFor('fi'), null, 'Arvostelun tallennus epäonnistui')).toBe('Arvostelun tallennus epäonnistui');
    // The screen's own words win over the general ones, but not over a known code.
    expect(errorText(intlFor('en'), new TypeError('Failed to fetch'), 'Failed to create review')).toBe('Failed to create review');
    expect(errorText(intlFor('en'), { code: 'already_reviewed' }, 'Failed to create review')).toBe(
      'You have already reviewed this movie.',
    );
  });
});

describe('genre names', () => {
  function genreNameIn(language: Language) {
    const wrapper = ({ children }: { children: ReactNode }) => <I18nProvider language={language}>{children}</I18nProvider>;
    return renderHook(() => useGenreName(), { wrapper }).result.current;
  }

  it("reads TMDB's genres by id in the reader's language, whatever language the server named them in", () => {
    expect(genreNameIn('fi')({ id: 27, name: 'Horror' })).toBe('Kauhu');
    expect(genreNameIn('fi')({ id: 878, name: 'Science Fiction' })).toBe('Tieteiselokuva');
    expect(genreNameIn('en')({ id: 18, name: 'Draama' })).toBe('Drama');
  });

  it('keeps the given name for an unknown id or none', () => {
    expect(genreNameIn('fi')({ id: 4242, name: 'Kotimainen' })).toBe('Kotimainen');
    expect(genreNameIn('fi')({ name: 'Horror' })).toBe('Horror');
  });
});
