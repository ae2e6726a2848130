// Writes src/server/openapi/contract-schemas.json: JSON Schema (2020-12 keywords) for every type
// exported by the API contract (src/domain/contract), read from the TypeScript types by
// ts-json-schema-generator. The OpenAPI document (src/server/openapi/document.ts) uses them as
// its components.schemas. Run `npm run openapi:schemas` after changing a contract type;
// `--check` fails while the file is stale (tests/openapi.test.ts runs it; decision record 18).
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { createGenerator } from 'ts-json-schema-generator';

const root = fileURLToPath(new URL('..', import.meta.url));
export const SCHEMAS_FILE = `${root}src/server/openapi/contract-schemas.json`;

/** A component name OpenAPI accepts: 'Page<OutboxMessage>' → 'Page_OutboxMessage'. */
const componentName = (name) => name.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/_+$/, '');

/** The file's text: the schemas, formatted as the repository's Prettier settings say. */
export async function contractSchemas() {
  const schema = createGenerator({
    path: `${root}src/domain/contract/index.ts`,
    tsconfig: `${root}tsconfig.domain.json`,
    type: '*',
    expose: 'export',
    topRef: true,
    skipTypeCheck: true,
    additionalProperties: true,
    sortProps: true,
  }).createSchema('*');
  const names = Object.keys(schema.definitions ?? {}).sort();
  const text = JSON.stringify(
    Object.fromEntries(names.map((n) => [componentName(n), schema.definitions[n]])),
  ).replace(/"#\/definitions\/([^"]+)"/g, (_, ref) =>
    JSON.stringify(`#/components/schemas/${componentName(decodeURIComponent(ref))}`),
  );
  const options = await prettier.resolveConfig(SCHEMAS_FILE);
  return prettier.format(text, { ...options, filepath: SCHEMAS_FILE });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const text = await contractSchemas();
  if (process.argv.includes('--check')) {
    // Used by tests/openapi.test.ts: fails while the committed file differs from the types.
    if (readFileSync(SCHEMAS_FILE, 'utf8') !== text) {
      console.error(`${SCHEMAS_FILE} is stale: run npm run openapi:schemas`);
      process.exit(1);
    }
    console.log('contract-schemas.json is up to date');
  } else {
    writeFileSync(SCHEMAS_FILE, text);
    console.log(`Wrote ${SCHEMAS_FILE}`);
  }
}
