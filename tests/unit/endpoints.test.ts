import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ROUTERS, routersMatching } from '../../scripts/api-endpoints.ts';
import {
  CLIENT_ROUTES,
  API_DOC,
  DESK_CLIENT_ROUTES,
  apiTable,
  clientRoutes,
  deskRoutes,
  withTable,
} from '../../scripts/api-table.ts';
import { API_ROUTES } from '../../src/client/api-routes.ts';
import { DESK_ROUTES } from '../../src/client/desk-routes.ts';
import { config as pageCaseConfig } from '../../netlify/functions/page-case.mts';
import { ENDPOINTS, ENDPOINT_NAMES, type EndpointSpec } from '../../src/lib/contract/endpoints.ts';
import { SERVICES } from '../../src/server/routes.ts';

describe('the endpoint table', () => {
  it('routes every path of every call to its own router function, and to no other', () => {
    for (const name of ENDPOINT_NAMES) {
      for (const path of ENDPOINTS[name].paths) {
        expect({ path, routers: routersMatching(path).map((r) => r.name) }).toEqual({
          path,
          routers: [ENDPOINTS[name].router],
        });
      }
    }
  });

  it('sends any other /api/* path to exactly one router, which answers the JSON 404', () => {
    for (const path of ['/api/nothing/here', '/api/cart/nothing', '/api/user', '/api/desk/x']) {
      expect(routersMatching(path)).toHaveLength(1);
    }
  });

  it('leaves every /api/* path out of the page function', () => {
    const excluded = new URLPattern({ pathname: String(pageCaseConfig.excludedPath) });
    for (const name of ENDPOINT_NAMES)
      for (const path of ENDPOINTS[name].paths)
        expect(excluded.test({ pathname: path })).toBe(true);
  });

  it('has a router function for every router a call names, and no router without a call', () => {
    expect(new Set(ENDPOINT_NAMES.map((n) => ENDPOINTS[n].router))).toEqual(
      new Set(ROUTERS.map((r) => r.name)),
    );
  });

  it('binds every call to a service function and binds nothing else', () => {
    expect(Object.keys(SERVICES).sort()).toEqual([...ENDPOINT_NAMES].sort());
  });

  it('declares no method and path twice', () => {
    const routes = ENDPOINT_NAMES.flatMap((n) =>
      ENDPOINTS[n].paths.map((path) => `${ENDPOINTS[n].method} ${path}`),
    );
    expect(new Set(routes).size).toBe(routes.length);
  });

  it('gives every POST a request schema and every GET none (a photo POST or a signed webhook is its bytes: none)', () => {
    for (const name of ENDPOINT_NAMES) {
      const spec: EndpointSpec = ENDPOINTS[name];
      expect({ name, hasBody: spec.request !== null }).toEqual({
        name,
        hasBody: spec.method === 'POST' && spec.body !== 'photo' && spec.body !== 'signed',
      });
      if (spec.body === 'photo' || spec.body === 'signed')
        expect({ name, method: spec.method }).toEqual({ name, method: 'POST' });
    }
  });
});

describe("the storefront client's route map", () => {
  it('is the map the endpoint table makes (npm run api-table rewrites it)', () => {
    expect(readFileSync(CLIENT_ROUTES, 'utf8')).toBe(clientRoutes());
  });

  it("holds every storefront call and none of the desk's", () => {
    expect(Object.keys(API_ROUTES).sort()).toEqual(
      ENDPOINT_NAMES.filter((n) => ENDPOINTS[n].router !== 'desk').sort(),
    );
  });
});

describe("the desk client's route map", () => {
  it('is the map the endpoint table makes (npm run api-table rewrites it)', () => {
    expect(readFileSync(DESK_CLIENT_ROUTES, 'utf8')).toBe(deskRoutes());
  });

  it("holds every desk call and none of the storefront's", () => {
    expect(Object.keys(DESK_ROUTES).sort()).toEqual(
      ENDPOINT_NAMES.filter((n) => ENDPOINTS[n].router === 'desk').sort(),
    );
  });
});

describe("the API reference's table (docs/api.md)", () => {
  it('is the table the endpoint table makes (npm run api-table rewrites it)', () => {
    const doc = readFileSync(API_DOC, 'utf8');
    expect(doc).toBe(withTable(doc, apiTable()));
  });

  it('lists each call once, with its method, path, access, router and body fields', () => {
    const table = apiTable();
    expect(table.split('\n').filter((l) => l.startsWith('- `'))).toHaveLength(
      ENDPOINT_NAMES.length,
    );
    expect(table).toContain(
      '- `POST /api/cart/add` · shopper · account: Adds to a line (at most 100). Body: `itemId`,',
    );
    expect(table).toContain('- `POST /api/order/COD` (also `/api/order/cod`) · shopper · account:');
  });

  it('keeps every line within 100 characters', () => {
    for (const line of apiTable().split('\n')) expect(line.length).toBeLessThanOrEqual(100);
  });
});

describe("the desk's answer parsers", () => {
  it('parse the first drawing’s answers from their own small set, the same schemas as the full set', async () => {
    const { DESK_START_ANSWER_KEYS } = await import('../../src/client/desk-calls.ts');
    const { DESK_START_ANSWERS } = await import('../../src/client/desk-start-answers.ts');
    const { DESK_ANSWERS } = await import('../../src/client/desk-answers.ts');
    expect([...DESK_START_ANSWER_KEYS].sort()).toEqual(['deskCounts', 'deskMe', 'deskOrders']);
    expect(Object.keys(DESK_START_ANSWERS).sort()).toEqual([...DESK_START_ANSWER_KEYS].sort());
    for (const key of DESK_START_ANSWER_KEYS)
      expect(DESK_ANSWERS[key as keyof typeof DESK_ANSWERS]).toBe(
        DESK_START_ANSWERS[key as keyof typeof DESK_START_ANSWERS],
      );
  });
});

describe("the storefront's answer parsers", () => {
  it('are split in two with no answer in both: the order answers, loaded with an order call, and the rest', async () => {
    const { ORDER_ANSWER_KEYS } = await import('../../src/client/api.ts');
    const { ORDER_ANSWERS } = await import('../../src/client/order-answers.ts');
    const { ANSWERS } = await import('../../src/client/answers.ts');
    const { STOREFRONT_ANSWERS } = await import('../../src/lib/contract/answers.ts');
    expect([...ORDER_ANSWER_KEYS].sort()).toEqual(Object.keys(ORDER_ANSWERS).sort());
    expect(Object.keys(ANSWERS).filter((key) => key in ORDER_ANSWERS)).toEqual([]);
    expect([...Object.keys(ANSWERS), ...Object.keys(ORDER_ANSWERS)].sort()).toEqual(
      Object.keys(STOREFRONT_ANSWERS).sort(),
    );
  });

  it('names, for every storefront call in the endpoint table, an answer one of the two holds', async () => {
    const { ORDER_ANSWERS } = await import('../../src/client/order-answers.ts');
    const { ANSWERS } = await import('../../src/client/answers.ts');
    const unparsed = Object.entries(API_ROUTES)
      .map(([name, route]) => [name, route[2]] as const)
      .filter(([, answer]) => !(answer in ANSWERS) && !(answer in ORDER_ANSWERS));
    expect(unparsed).toEqual([]);
  });
});
