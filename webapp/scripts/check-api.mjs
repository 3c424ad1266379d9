// Fails when src/api/schema.d.ts is not exactly what openapi-typescript generates from
// ../openapi.yaml today (the file is a build artifact and is never edited by hand).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const webapp = fileURLToPath(new URL('..', import.meta.url));
const committed = join(webapp, 'src/api/schema.d.ts');
const dir = mkdtempSync(join(tmpdir(), 'leffaseura-schema-'));
const fresh = join(dir, 'schema.d.ts');
try {
  execFileSync(
    process.execPath,
    [join(webapp, 'node_modules/openapi-typescript/bin/cli.js'), '../openapi.yaml', '-o', fresh],
    { cwd: webapp, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (readFileSync(fresh, 'utf8') !== readFileSync(committed, 'utf8')) {
    console.error('src/api/schema.d.ts is stale: run `npm run gen:api` and commit the result.');
    process.exit(1);
  }
  console.log('src/api/schema.d.ts is current.');
} finally {
  rmSync(dir, { recursive: true, force: true });
}
