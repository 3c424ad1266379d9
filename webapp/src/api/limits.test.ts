/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BIO_MAX, GROUP_DESCRIPTION_MAX, GROUP_NAME_MAX, PASSWORD_MAX, PASSWORD_MIN, REVIEW_CONTENT_MAX } from './limits';

// The generated spec the server publishes (CI checks it is up to date), read as text.
const spec = readFileSync(resolve(dirname(fileURLToPath(import.meta.url)), '../../../openapi.yaml'), 'utf8');

/** The `description` of `schema.field` in openapi.yaml's components (a one- or two-line text). */
function described(schema: string, field: string): string {
  const start = spec.indexOf(`\n    ${schema}:\n`);
  expect(start, `schema ${schema}`).toBeGreaterThan(0);
  const rest = spec.slice(start + 1);
  const end = rest.search(/\n {4}\S/);
  const block = end < 0 ? rest : rest.slice(0, end);
  const match = new RegExp(`\\n {8}${field}:\\n((?: {10}.*\\n?)*)`).exec(block);
  expect(match, `${schema}.${field}`).not.toBeNull();
  const text = /description: (?:\|-\n)?([\s\S]*)/.exec(match?.[1] ?? '')?.[1] ?? '';
  return text.replace(/\s+/g, ' ').replace(/^'|'$/g, '');
}

const n = (value: number) => `(?:${value}|${value.toLocaleString('en-US')})`;

describe('input limits', () => {
  it.each([
    ['CreateReviewRequest', 'content', new RegExp(`at most ${n(REVIEW_CONTENT_MAX)} characters`)],
    ['UpdateReviewRequest', 'content', new RegExp(`1\\.\\.${n(REVIEW_CONTENT_MAX)} characters`)],
    ['RegisterRequest', 'password', new RegExp(`${PASSWORD_MIN}–${PASSWORD_MAX} characters`)],
    ['UpdateProfileRequest', 'newPassword', new RegExp(`${PASSWORD_MIN}–${PASSWORD_MAX} characters`)],
    ['UpdateProfileRequest', 'user_bio', new RegExp(`At most ${n(BIO_MAX)} characters`)],
    ['CreateGroupRequest', 'name', new RegExp(`1–${n(GROUP_NAME_MAX)} characters`)],
    ['CreateGroupRequest', 'description', new RegExp(`At most ${n(GROUP_DESCRIPTION_MAX)} characters`)],
  ])('%s.%s is what openapi.yaml documents', (schema, field, wanted) => {
    expect(described(schema, field)).toMatch(wanted);
  });
});
