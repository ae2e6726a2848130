/**
 * The documented API (issue 14): /api/openapi.json is a valid OpenAPI 3.1 document, it lists
 * exactly the routes the Hono app registers under /api (a new route without an entry fails
 * here), its response schemas are the contract's current types, and real answers fit them.
 * The reference page and its files are served by this server, with nothing from a CDN.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { createTestEnv, PUBLIC_URL, type TestEnv } from './support/env';
import { call } from './support/client';
import { DEFINED_ROUTES } from './support/endpoints';
import {
  type Accounts,
  ROLES,
  cookieOf,
  createAccounts,
  freezeClock,
  insertBooking,
  insertVenue,
} from './factories';

let env: TestEnv;
let a: Accounts;
let doc: any;

beforeAll(async () => {
  env = await createTestEnv();
  freezeClock(env);
  a = await createAccounts(env);
  doc = (await call(env, 'GET', '/api/openapi.json')).body;
});
afterAll(async () => {
  await env.close();
});

const METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options'];

/** `GET /api/venues/:id` for each route the app registers under /api (middleware left out). */
function registeredRoutes(): string[] {
  const routes = env.app.routes
    // Middleware (app.use) and the JSON 404 for unknown paths are registered for ALL methods.
    .filter((r) => r.path.startsWith('/api/') && r.method !== 'ALL')
    .map((r) => `${r.method} ${r.path}`);
  return [...new Set(routes)].sort();
}

/** The same for the document's operations, its {param} written back as :param. */
function documentedRoutes(): string[] {
  const out: string[] = [];
  for (const [path, item] of Object.entries<Record<string, unknown>>(doc.paths)) {
    for (const method of Object.keys(item).filter((m) => METHODS.includes(m))) {
      out.push(`${method.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ':$1')}`);
    }
  }
  return out.sort();
}

describe('GET /api/openapi.json', () => {
  it.each(ROLES)('is served to %s, the same document', async (role) => {
    const res = await call(env, 'GET', '/api/openapi.json', { cookie: cookieOf(a, role) });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.body).toEqual(doc);
  });

  it('validates as OpenAPI 3.1', async () => {
    const validator = new Validator();
    const result = await validator.validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers).toEqual([{ url: PUBLIC_URL }]);
  });

  it('states every pattern as a regular expression a client can use (no /…/flags written into it)', () => {
    const patterns: string[] = [];
    const walk = (node: unknown) => {
      if (Array.isArray(node)) node.forEach(walk);
      else if (node && typeof node === 'object') {
        for (const [key, value] of Object.entries(node)) {
          if (key === 'pattern' && typeof value === 'string') patterns.push(value);
          else walk(value);
        }
      }
    };
    walk(doc);
    expect(patterns.length).toBeGreaterThan(10);
    for (const pattern of patterns) {
      expect(pattern, pattern).not.toMatch(/\/[dgimsuyv]*$/);
      expect(() => new RegExp(pattern, 'u'), pattern).not.toThrow();
    }
    // The ids of the paths: a booking id in either case matches.
    const idPattern = new RegExp(doc.paths['/api/bookings/{id}'].get.parameters[0].schema.pattern);
    expect(idPattern.test('3A2C623F-1db6-417c-b572-40bf69a09182')).toBe(true);
  });

  it('lists every route the app registers under /api, and no other', () => {
    const registered = registeredRoutes();
    // Sanity: the enumeration sees the app's routes, old and new.
    expect(registered).toContain('POST /api/bookings');
    expect(registered).toContain('GET /api/calendar/venues/:file');
    expect(registered.length).toBeGreaterThan(60);
    const documented = documentedRoutes();
    // The document is made from the definitions: the same list.
    expect(documented).toEqual(DEFINED_ROUTES);
    // A route without a definition: define it with endpoint() in src/server/routes (decision record 50).
    const missing = registered.filter((r) => !documented.includes(r));
    const unknown = documented.filter((r) => !registered.includes(r));
    expect({ missing, unknown }).toEqual({ missing: [], unknown: [] });
    expect(documented).toEqual(registered);
  });

  it('a route added to the app without a document entry is caught', async () => {
    const extra = await createTestEnv();
    try {
      const before = extra.app.routes.length;
      extra.app.get('/api/undocumented', (c) => c.text('x'));
      expect(extra.app.routes.length).toBe(before + 1);
      const routes = [
        ...new Set(
          extra.app.routes
            .filter((r) => r.path.startsWith('/api/') && r.method !== 'ALL')
            .map((r) => `${r.method} ${r.path}`),
        ),
      ].sort();
      expect(routes).toContain('GET /api/undocumented');
      expect(documentedRoutes()).not.toEqual(routes);
    } finally {
      await extra.close();
    }
  });

  it('describes request bodies from the zod schemas the routes validate with', () => {
    const request = doc.paths['/api/bookings'].post.requestBody.content['application/json'].schema;
    expect(request.required).toEqual(
      expect.arrayContaining([
        'venue_id',
        'date',
        'start_time',
        'end_time',
        'guest_count',
        'special_requests',
      ]),
    );
    expect(request.properties.special_requests.maxLength).toBe(2000);
    // The route sets `action` itself: the client sends only the notes.
    const reject =
      doc.paths['/api/admin/venues/{id}/reject'].post.requestBody.content['application/json'].schema;
    expect(Object.keys(reject.properties)).toEqual(['notes']);
    const venues = doc.paths['/api/venues'].get.parameters.map((p: { name: string }) => p.name);
    expect(venues).toEqual(expect.arrayContaining(['location', 'date', 'guests', 'sort', 'limit']));
    const feed = doc.paths['/api/venues/{id}/calendar-feed'].post;
    expect(feed.security).toEqual([{ session: [] }]);
    expect(doc.paths['/api/calendar/venues/{file}'].get.security).toEqual([]);
  });

  it('its response schemas are the current contract types (npm run openapi:schemas)', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, [
      'scripts/openapi-schemas.mjs',
      '--check',
    ]);
    expect(stdout).toContain('up to date');
  }, 60_000);

  it('real answers fit the documented schemas', async () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    for (const [name, schema] of Object.entries(doc.components.schemas)) {
      ajv.addSchema(schema as object, `#/components/schemas/${name}`);
    }
    const venue = await insertVenue(env, a.host);
    const booking = await insertBooking(env, venue, a.guest, { state: 'confirmed' });
    const cases: Array<[string, string | null, string]> = [
      [`/api/venues/${venue.id}`, null, 'Venue'],
      [`/api/venues/${venue.id}`, a.host.cookie, 'Venue'],
      [`/api/bookings/${booking.id}`, a.guest.cookie, 'Booking'],
      ['/api/me/bookings', a.guest.cookie, 'BookingList'],
      ['/api/session', a.host.cookie, 'Session'],
      ['/api/config', null, 'PublicConfig'],
      [`/api/venues/${venue.id}/calendar-feed`, a.host.cookie, 'CalendarFeed'],
      [`/api/venues/${venue.id}/availability`, null, 'VenueAvailability'],
    ];
    for (const [path, cookie, schema] of cases) {
      const res = await call(env, 'GET', path, { cookie });
      expect(res.status, path).toBe(200);
      const validate = ajv.getSchema(`#/components/schemas/${schema}`)!;
      expect(validate(res.body), `${path}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
  });
});

describe('GET /api/docs, the reference page', () => {
  it('is HTML that loads Swagger UI from this server only', async () => {
    const res = await env.app.request('/api/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    const sources = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(sources).toEqual([
      '/docs-assets/swagger-ui.css',
      '/docs-assets/swagger-ui-bundle.js',
      '/docs-assets/init.js',
    ]);
    expect(html).not.toMatch(/https?:\/\//);
    for (const [path, type] of [
      ['/docs-assets/swagger-ui.css', 'text/css'],
      ['/docs-assets/swagger-ui-bundle.js', 'text/javascript'],
      ['/docs-assets/init.js', 'text/javascript'],
    ] as const) {
      const asset = await env.app.request(path);
      expect(asset.status, path).toBe(200);
      expect(asset.headers.get('content-type')).toContain(type);
      expect((await asset.text()).length).toBeGreaterThan(100);
    }
    expect((await env.app.request('/docs-assets/../package.json')).status).toBe(404);
    expect((await env.app.request('/docs-assets/index.html')).status).toBe(404);
    const init = await (await env.app.request('/docs-assets/init.js')).text();
    expect(init).toContain("url: '/api/openapi.json'");
    expect(init).toContain('validatorUrl: null');
  });
});
