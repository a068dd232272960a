import Ajv2020 from 'ajv/dist/2020.js';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { z } from 'zod';
import { saveAnswerRequest } from '#shared/api/answers.ts';
import { tokenRequest } from '#shared/api/tokens.ts';
import { buildTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-db.ts';
import { openApiPath } from './openapi.ts';

// Issue 17 B: GET /api/openapi.json describes every route the app registers, with the request
// bodies generated from the shared zod schemas, and the two ways to authenticate.

type Operation = {
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  security?: Array<Record<string, string[]>>;
};
type Document = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, Record<string, string>> };
};

const jsonBody = (operation: Operation | undefined) =>
  operation?.requestBody?.content['application/json']?.schema;

describeEachDatabase('OpenAPI document', (get) => {
  let app: FastifyInstance;
  let doc: Document;
  beforeAll(async () => {
    app = await buildTestApp(get().db);
    const response = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/json');
    doc = JSON.parse(response.body) as Document;
  });
  afterAll(async () => {
    await app.close();
  });

  it('is OpenAPI 3.1 with the cookie session and bearer token schemes', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components.securitySchemes).toEqual({
      cookieSession: expect.objectContaining({
        type: 'apiKey',
        in: 'cookie',
        name: 'muse_session',
      }),
      bearerToken: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
    });
  });

  it('describes every registered route, and no route that does not exist', () => {
    const registered = app.museRoutes.map((route) => {
      const [method = '', url = ''] = route.split(' ');
      return `${method.toLowerCase()} ${openApiPath(url)}`;
    });
    const documented = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method} ${path}`),
    );
    expect(registered.length).toBeGreaterThan(60);
    expect(documented.sort()).toEqual(registered.sort());
  });

  it('gives each body its zod schema as valid JSON Schema 2020-12 that judges like the server', () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    let bodies = 0;
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const operation of Object.values(operations)) {
        const schema = jsonBody(operation);
        if (!schema) continue;
        bodies += 1;
        expect(() => ajv.compile(schema), path).not.toThrow();
      }
    }
    expect(bodies).toBeGreaterThan(40);
    // The generated schema judges a body as the route's zod schema does.
    const samples: Array<[string, z.ZodType, unknown]> = [
      ['/api/token', tokenRequest, { user: { name: 'Ana', password: 'secret' }, label: 'Phone' }],
      ['/api/token', tokenRequest, { user: { name: 'Ana', password: 'secret' } }],
      ['/api/token', tokenRequest, { user: { name: 'Ana', password: 's' }, label: 'x'.repeat(81) }],
      [
        '/api/answer/save',
        saveAnswerRequest,
        { answer: { _id: 'a1', prompt_title: '', text: 'W' } },
      ],
      ['/api/answer/save', saveAnswerRequest, { answer: { _id: 'a1', text: 'Words' } }],
      [
        '/api/answer/save',
        saveAnswerRequest,
        { answer: { _id: 'no id!', prompt_title: '', text: '' } },
      ],
    ];
    const verdicts = samples.map(([path, schema, body]) => {
      const validate = ajv.compile(jsonBody(doc.paths[path]?.post) ?? { not: {} });
      return [validate(body), schema.safeParse(body).success];
    });
    expect(verdicts).toEqual([
      [true, true],
      [false, false],
      [false, false],
      [true, true],
      [false, false],
      [false, false],
    ]);
    // Uploads are multipart, open calls may be called without credentials, others may not.
    expect(doc.paths['/api/user/picture']?.post?.requestBody?.content).toHaveProperty(
      'multipart/form-data',
    );
    expect(doc.paths['/api/categories']?.post?.security).toContainEqual({});
    expect(doc.paths['/api/answer/save']?.post?.security).toEqual([
      { cookieSession: [] },
      { bearerToken: [] },
    ]);
  });
});
