import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Hono } from 'hono';
import type { AppEnv } from '../context';
import { endpoint, jsonOf, media, type Endpoint } from '../http/endpoint';
import { errorBody } from '../http/errors';

/** Where the reference page's files are served (outside /api: they are not API endpoints). */
export const DOCS_ASSETS = '/docs-assets';

/** Swagger UI's files, from the swagger-ui-dist package installed with the server (no CDN). */
const ASSETS: Record<string, { file: string; type: string }> = {
  'swagger-ui.css': { file: 'swagger-ui.css', type: 'text/css; charset=utf-8' },
  'swagger-ui-bundle.js': { file: 'swagger-ui-bundle.js', type: 'text/javascript; charset=utf-8' },
};

/** Starts Swagger UI on the document (a file, because the CSP allows no inline script). */
const INIT_SCRIPT = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: '/api/openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    docExpansion: 'list',
    defaultModelsExpandDepth: 0,
    validatorUrl: null,
  });
});
`;

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <title>Velvet API reference</title>
    <link rel="stylesheet" href="${DOCS_ASSETS}/swagger-ui.css" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="${DOCS_ASSETS}/swagger-ui-bundle.js"></script>
    <script src="${DOCS_ASSETS}/init.js"></script>
  </body>
</html>
`;

let assetDir: string | undefined;
const assetCache = new Map<string, Buffer>();
function readAsset(file: string): Buffer {
  assetDir ??= path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  let bytes = assetCache.get(file);
  if (!bytes) {
    bytes = readFileSync(path.join(assetDir, file));
    assetCache.set(file, bytes);
  }
  return bytes;
}

/** The OpenAPI document of each public URL, made on first request (decision record 50). */
const documents = new Map<string, Promise<string>>();
function documentOf(publicUrl: string, endpoints: () => readonly Endpoint[]): Promise<string> {
  let document = documents.get(publicUrl);
  if (!document) {
    // Loaded on first use: the OpenAPI generator is not part of a start (decision 33).
    document = import('../openapi/document').then((m) =>
      JSON.stringify(m.openApiDocument(publicUrl, endpoints())),
    );
    documents.set(publicUrl, document);
  }
  return document;
}

/**
 * GET /api/openapi.json, made from every endpoint's definition (`endpoints`, so that the list
 * that holds these two is not imported here), and the reference page GET /api/docs.
 */
export function docsEndpoints(endpoints: () => readonly Endpoint[]) {
  return [
    endpoint({
      method: 'get',
      path: '/openapi.json',
      tag: 'System',
      summary: 'This OpenAPI document',
      access: 'anyone',
      ok: jsonOf({}, 'An OpenAPI 3.1 document'),
      handler: async ({ ctx, c }) =>
        c.body(await documentOf(ctx.config.PUBLIC_URL, endpoints), 200, {
          'content-type': 'application/json; charset=UTF-8',
          'cache-control': 'public, max-age=300',
        }),
    }),
    endpoint({
      method: 'get',
      path: '/docs',
      tag: 'System',
      summary: 'The API reference page (HTML)',
      access: 'anyone',
      ok: media('text/html', 'A readable rendering of /api/openapi.json.'),
      handler: ({ c }) => c.html(PAGE, 200, { 'cache-control': 'public, max-age=300' }),
    }),
  ];
}

/** The reference page's scripts and styles, outside /api. */
export function docsAssetRoutes() {
  const r = new Hono<AppEnv>();
  r.get(`${DOCS_ASSETS}/:name`, (c) => {
    const name = c.req.param('name');
    const cache = { 'cache-control': 'public, max-age=86400' };
    if (name === 'init.js')
      return c.body(INIT_SCRIPT, 200, { 'content-type': 'text/javascript; charset=utf-8', ...cache });
    const asset = ASSETS[name];
    if (!asset) return c.json(errorBody('NOT_FOUND', 'Not found.'), 404);
    return c.body(new Uint8Array(readAsset(asset.file)), 200, { 'content-type': asset.type, ...cache });
  });
  return r;
}
