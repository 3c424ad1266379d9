import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import schema from '@/api/schema.d.ts?raw';
import type { ErrorCode } from '@/lib/api-client';
import en from './messages/en.json';
import fi from './messages/fi.json';

const catalogues = { en: en as Record<string, string>, fi: fi as Record<string, string> };

/** The values of the generated `ErrorCode` enum (schema.d.ts is types only, so read as text). */
function generatedErrorCodes(): ErrorCode[] {
  const union = /^\s*ErrorCode: ((?:"[a-z0-9_]+"(?: \| )?)+);$/m.exec(schema)?.[1] ?? '';
  return [...union.matchAll(/"([a-z0-9_]+)"/g)].map((match) => match[1] as ErrorCode);
}

/** The arguments a message takes, with their kind: `count:plural`, `title:argument`, `link:tag`. */
function argumentsOf(elements: MessageFormatElement[], found = new Set<string>()): Set<string> {
  for (const element of elements) {
    switch (element.type) {
      case TYPE.argument:
        found.add(`${element.value}:argument`);
        break;
      case TYPE.number:
      case TYPE.date:
      case TYPE.time:
        found.add(`${element.value}:${TYPE[element.type]}`);
        break;
      case TYPE.plural:
      case TYPE.select:
        found.add(`${element.value}:${element.type === TYPE.plural ? 'plural' : 'select'}`);
        for (const option of Object.values(element.options)) argumentsOf(option.value, found);
        break;
      case TYPE.tag:
        found.add(`${element.value}:tag`);
        argumentsOf(element.children, found);
        break;
      default:
        break;
    }
  }
  return found;
}

describe('message catalogues', () => {
  it('have the same keys in Finnish and English', () => {
    const missingInFi = Object.keys(en).filter((key) => !(key in fi));
    const missingInEn = Object.keys(fi).filter((key) => !(key in en));
    expect({ missingInFi, missingInEn }).toEqual({ missingInFi: [], missingInEn: [] });
  });

  it('have a text for every key', () => {
    for (const [language, messages] of Object.entries(catalogues)) {
      const empty = Object.entries(messages).filter(([, text]) => typeof text !== 'string' || text.trim() === '');
      expect(empty.map(([key]) => `${language}:${key}`)).toEqual([]);
    }
  });

  it('are valid ICU messages, the Finnish using every argument and tag of the English', () => {
    const problems: string[] = [];
    for (const key of Object.keys(en)) {
      const parsed: Partial<Record<keyof typeof catalogues, Set<string>>> = {};
      for (const [language, messages] of Object.entries(catalogues) as [keyof typeof catalogues, Record<string, string>][]) {
        const text = messages[key];
        if (text === undefined) continue;
        try {
          parsed[language] = argumentsOf(parse(text, { requiresOtherClause: true }));
        } catch (error) {
          problems.push(`${language}:${key}: ${(error as Error).message}`);
        }
      }
      if (parsed.en && parsed.fi) {
        // Finnish may use more of the values (a count for a plural English does without), but
        // must say everything English says, with the same kinds and the same tags.
        const fi = parsed.fi;
        const missing = [...parsed.en].filter((argument) => !fi.has(argument));
        const extraTags = [...fi].filter((argument) => argument.endsWith(':tag') && !parsed.en?.has(argument));
        if (missing.length > 0 || extraTags.length > 0)
          problems.push(`${key}: fi lacks {${missing.join(', ')}}${extraTags.length ? `, has extra tags ${extraTags.join(', ')}` : ''}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('keep keys namespaced (area.text, lower camelCase or API codes)', () => {
    const bad = Object.keys(en).filter((key) => !/^[a-z][a-zA-Z0-9]*(\.[a-zA-Z0-9_]+)+$/.test(key));
    expect(bad).toEqual([]);
  });

  it('have a text for every code of the API, in both languages', () => {
    const codes = generatedErrorCodes();
    // The enum is read, not empty: the catalogues cannot pass by matching nothing.
    expect(codes.length).toBeGreaterThan(50);
    expect(codes).toContain('validation_error');
    const missing = Object.entries(catalogues).flatMap(([language, messages]) =>
      codes.filter((code) => !messages[`errors.${code}`]?.trim()).map((code) => `${language}:errors.${code}`),
    );
    expect(missing).toEqual([]);
  });
});
