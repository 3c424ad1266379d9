type Locales = string | string[] | undefined;

/** Intl's formatters, each made once per locale and options (also intl-messageformat's `formatters`). */
export type IntlFormatters = {
  getNumberFormat(locales?: Locales, options?: Intl.NumberFormatOptions): Intl.NumberFormat;
  getDateTimeFormat(locales?: Locales, options?: Intl.DateTimeFormatOptions): Intl.DateTimeFormat;
  getPluralRules(locales?: Locales, options?: Intl.PluralRulesOptions): Intl.PluralRules;
  getRelativeTimeFormat(locales?: Locales, options?: Intl.RelativeTimeFormatOptions): Intl.RelativeTimeFormat;
};

// Making a formatter costs far more than using one (the first of a kind loads the browser's
// locale data), and a page formats the same few shapes hundreds of times.
function memo<O, F>(make: (locales: Locales, options?: O) => F): (locales?: Locales, options?: O) => F {
  const made = new Map<string, F>();
  return (locales, options) => {
    const key = JSON.stringify([locales, options]);
    let formatter = made.get(key);
    if (formatter === undefined) {
      formatter = make(locales, options);
      made.set(key, formatter);
    }
    return formatter;
  };
}

/** A fresh set of formatters: one per language, shared by all its messages and format calls. */
export function createFormatters(): IntlFormatters {
  return {
    getNumberFormat: memo((locales, options?: Intl.NumberFormatOptions) => new Intl.NumberFormat(locales, options)),
    getDateTimeFormat: memo((locales, options?: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locales, options)),
    getPluralRules: memo((locales, options?: Intl.PluralRulesOptions) => new Intl.PluralRules(locales, options)),
    getRelativeTimeFormat: memo(
      (locales, options?: Intl.RelativeTimeFormatOptions) => new Intl.RelativeTimeFormat(locales, options),
    ),
  };
}
