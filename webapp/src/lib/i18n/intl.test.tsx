// The layer over intl-messageformat (intl.ts, formatters.ts, formatted-message.tsx): what it
// adds to FormatJS's formatter — errors that never throw, caches, React elements in texts.
import { parse } from '@formatjs/icu-messageformat-parser';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { FormattedMessage } from './formatted-message';
import { createFormatters } from './formatters';
import { IntlContext } from './i18n-provider';
import { createIntl, type IntlShape } from './intl';
import type { Catalogue, MessageKey } from './messages';
import en from './messages/en.json';
import fi from './messages/fi.json';

afterEach(() => vi.restoreAllMocks());

/** The catalogue as a production build ships it: every text parsed at build time. */
function precompiled(catalogue: Catalogue): Catalogue {
  return Object.fromEntries(Object.entries(catalogue).map(([id, text]) => [id, parse(String(text))])) as Catalogue;
}

function renderIn(intl: IntlShape, ui: ReactNode) {
  return render(<IntlContext.Provider value={intl}>{ui}</IntlContext.Provider>);
}

const unknownId = 'no.such.text' as MessageKey;

describe('texts that cannot be formatted', () => {
  it('reports a missing text and shows its id', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const intl = createIntl({ locale: 'en-GB', messages: en });
    expect(intl.formatMessage({ id: unknownId })).toBe('no.such.text');
    expect(intl.formatMessage({ id: unknownId }, { count: 1 })).toBe('no.such.text');
    expect(error).toHaveBeenCalledWith(expect.stringMatching(/^\[i18n\] MISSING_TRANSLATION: .*no\.such\.text/));
  });

  it('does not take an inherited property for a text', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const intl = createIntl({ locale: 'en-GB', messages: en });
    expect(intl.formatMessage({ id: 'toString' as MessageKey })).toBe('toString');
  });

  it('reports a text missing its values and shows its source (its id when precompiled), without throwing', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const intl = createIntl({ locale: 'en-GB', messages: en });
    expect(intl.formatMessage({ id: 'reviews.count' })).toBe(en['reviews.count']);
    expect(intl.formatMessage({ id: 'auth.login.noAccount' }, { link: 'x' })).toBe(en['auth.login.noAccount']);
    expect(createIntl({ locale: 'en-GB', messages: precompiled(en) }).formatMessage({ id: 'reviews.count' })).toBe('reviews.count');
    expect(error).toHaveBeenCalledWith(expect.stringMatching(/^\[i18n\] FORMAT_ERROR: .*reviews\.count/), expect.anything());
  });

  it('shows an unformattable date or number as it is', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const intl = createIntl({ locale: 'en-GB', messages: en });
    expect(intl.formatDate(new Date(Number.NaN), { day: 'numeric' })).toBe('Invalid Date');
    expect(intl.formatNumber(5, { style: 'currency' })).toBe('5'); // a currency style needs a currency
    expect(error).toHaveBeenCalledTimes(2);
  });
});

describe('precompiled texts (production builds)', () => {
  it('read the same as the ICU texts they were parsed from', () => {
    for (const catalogue of [en, fi]) {
      const locale = catalogue === en ? 'en-GB' : 'fi-FI';
      const source = createIntl({ locale, messages: catalogue });
      const built = createIntl({ locale, messages: precompiled(catalogue) });
      for (const id of Object.keys(catalogue) as MessageKey[]) {
        if (/[{<]/.test(catalogue[id])) continue; // texts that need values
        expect(built.formatMessage({ id })).toBe(source.formatMessage({ id }));
      }
      expect(built.formatMessage({ id: 'reviews.count' }, { count: 2 })).toBe(source.formatMessage({ id: 'reviews.count' }, { count: 2 }));
    }
  });
});

describe('formatters', () => {
  it('are made once per locale and options', () => {
    const formatters = createFormatters();
    const integer = formatters.getNumberFormat('fi-FI', { maximumFractionDigits: 0 });
    expect(formatters.getNumberFormat('fi-FI', { maximumFractionDigits: 0 })).toBe(integer);
    expect(formatters.getNumberFormat('fi-FI', { maximumFractionDigits: 1 })).not.toBe(integer);
    expect(formatters.getNumberFormat('en-GB', { maximumFractionDigits: 0 })).not.toBe(integer);
    expect(formatters.getPluralRules('fi-FI')).toBe(formatters.getPluralRules('fi-FI'));
  });

  it('are shared by all texts and calls of a language', () => {
    const intl = createIntl({ locale: 'en-GB', messages: en });
    const { PluralRules, NumberFormat } = Intl;
    const plurals = vi.spyOn(Intl, 'PluralRules').mockImplementation(function (this: unknown, ...args) {
      return new PluralRules(...args);
    });
    const numbers = vi.spyOn(Intl, 'NumberFormat').mockImplementation(function (this: unknown, ...args) {
      return new NumberFormat(...args);
    });
    expect(intl.formatMessage({ id: 'reviews.count' }, { count: 3 })).toBe('3 reviews');
    expect(intl.formatMessage({ id: 'groups.card.members' }, { count: 1 })).toBe('1 member');
    expect(intl.formatMessage({ id: 'reviews.count' }, { count: 1234 })).toBe('1,234 reviews');
    expect(intl.formatNumber(5678)).toBe('5,678');
    expect(plurals).toHaveBeenCalledTimes(1);
    expect(numbers).toHaveBeenCalledTimes(1); // `#` and formatNumber: the same plain number format
  });

  it('give a time hours and minutes when no fields are asked for', () => {
    const intl = createIntl({ locale: 'fi-FI', messages: fi });
    const time = new Date('2025-10-14T15:30:00Z');
    expect(intl.formatTime(time, { timeZone: 'Europe/Helsinki' })).toBe('18.30');
    expect(intl.formatTime(time, { hour: 'numeric', timeZone: 'Europe/Helsinki' })).toBe('18');
  });
});

describe('FormattedMessage', () => {
  const intl = createIntl({ locale: 'en-GB', messages: en });
  // React's warnings (a child without a key…) and ours go to console.error.
  const error = () => vi.mocked(console.error);
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('wraps a tag’s words in the element the tag gives', () => {
    const { container } = renderIn(
      intl,
      <p>
        <FormattedMessage id="auth.login.noAccount" values={{ link: (chunks) => <a href="/signup">{chunks}</a> }} />
      </p>,
    );
    expect(container.querySelector('p')?.innerHTML).toBe('New to Leffaseura? <a href="/signup">Create an account</a>');
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/signup');
    expect(error()).not.toHaveBeenCalled();
  });

  it('puts an element given as a value into the text', () => {
    const movie = <a href="/movie/1">Heat</a>;
    const { container } = renderIn(
      intl,
      <p>
        <FormattedMessage id="profile.activity.reviewed" values={{ own: 'no', username: 'kaisa', movie }} />
      </p>,
    );
    expect(container.querySelector('p')?.innerHTML).toBe('kaisa reviewed <a href="/movie/1">Heat</a>');
    expect(error()).not.toHaveBeenCalled();
  });

  it('gives a tag its content with keys when the content holds elements', () => {
    const texts = createIntl({ locale: 'en-GB', messages: { ...en, 'app.name': 'See <strong>{movie} now</strong>!' } });
    const { container } = renderIn(
      texts,
      <FormattedMessage id="app.name" values={{ movie: <em>Heat</em>, strong: (chunks) => <strong>{chunks}</strong> }} />,
    );
    expect(container.innerHTML).toBe('See <strong><em>Heat</em> now</strong>!');
    expect(error()).not.toHaveBeenCalled();
  });

  it('shows a plain text as it is', () => {
    const { container } = renderIn(intl, <FormattedMessage id="auth.already.textNoName" />);
    expect(container.innerHTML).toBe('You are logged in. To use another account, log out first.');
  });

  it('shows the source of a text it cannot format and does not throw', () => {
    const { container } = renderIn(intl, <FormattedMessage id="settings.signedInAs" values={{ username: 'kaisa' }} />);
    expect(container.textContent).toBe(en['settings.signedInAs']);
    expect(error()).toHaveBeenCalledWith(expect.stringMatching(/^\[i18n\] FORMAT_ERROR: .*settings\.signedInAs/), expect.anything());
  });
});
