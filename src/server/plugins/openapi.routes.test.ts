import SwaggerParser from '@apidevtools/swagger-parser';
import Ajv2020 from 'ajv/dist/2020.js';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { z } from 'zod';
import { saveAnswerRequest } from '#shared/api/answers.ts';
import { tokenRequest } from '#shared/api/tokens.ts';
import { liveEventSchemas } from '#shared/api/world-live.ts';
import { buildTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-db.ts';
import { openApiPath } from './openapi.ts';

// Issue 17 B: GET /api/openapi.json describes every route the app registers, with the request
// bodies generated from the shared zod schemas, and the two ways to authenticate.

type Response = {
  description: string;
  headers?: Record<string, unknown>;
  content?: Record<string, { schema?: Record<string, unknown>; 'x-events'?: unknown }>;
};
type Operation = {
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  security?: Array<Record<string, string[]>>;
  responses: Record<string, Response>;
};
type Document = {
  openapi: string;
  servers: Array<{ url: string }>;
  paths: Record<string, Record<string, Operation>>;
  components: {
    securitySchemes: Record<string, Record<string, string>>;
    schemas: Record<string, Record<string, unknown>>;
  };
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
      metricsToken: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
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
    // Formats (uri) go unjudged, as they did: Ajv knows none without ajv-formats. Now quietly.
    const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
    // The bodies' named parts are $refs into components: compile each within the document.
    ajv.addSchema(doc, 'openapi');
    const inDocument = (schema: Record<string, unknown>) =>
      ajv.compile(
        JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"openapi#/components/')),
      );
    let bodies = 0;
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const operation of Object.values(operations)) {
        const schema = jsonBody(operation);
        if (!schema) continue;
        bodies += 1;
        expect(() => inDocument(schema), path).not.toThrow();
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
      const validate = inDocument(jsonBody(doc.paths[path]?.post) ?? { not: {} });
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
    for (const upload of ['/api/user/picture', '/api/answer/photo/replace']) {
      expect(doc.paths[upload]?.post?.requestBody?.content).toHaveProperty('multipart/form-data');
    }
    // What a device may have encrypted is marked, for a generated client (docs/ENCRYPTION.md).
    const schemas = doc.components.schemas as Record<
      string,
      { properties: Record<string, object> }
    >;
    expect(schemas.Answer?.properties.text).toMatchObject({ 'x-encrypted': expect.any(String) });
    expect(schemas.Answer?.properties.encrypted).toHaveProperty('description');
    // A photo is its image, or for an encrypted journal its sealed bytes.
    expect(
      Object.keys(doc.paths['/api/answer/photo/{photo_id}']?.get?.responses['200']?.content ?? {}),
    ).toEqual(['image/webp', 'application/octet-stream']);
    expect(doc.paths['/api/categories']?.post?.security).toContainEqual({});
    expect(doc.paths['/api/answer/save']?.post?.security).toEqual([
      { cookieSession: [] },
      { bearerToken: [] },
    ]);
  });

  it('is a valid OpenAPI 3.1 document by a maintained validator, served from its own origin', async () => {
    // SwaggerParser.validate checks it against the OpenAPI 3.1 schema and resolves every $ref.
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
    expect(doc.servers).toEqual([{ url: '/' }]);
  });

  it('names every shared shape once, as a component the calls refer to', () => {
    expect(Object.keys(doc.components.schemas)).toEqual(
      expect.arrayContaining([
        'Error',
        'Answer',
        'AnswerInput',
        'AnswerConflict',
        'FeedAnswer',
        'ReportedAnswer',
        'PublicProfile',
        'User',
        'Prompt',
        'PromptInput',
        'DeviceToken',
        'ImportSummary',
        'Reminder',
        'AdminUser',
        'AdminAnswer',
        'WorldLiveEvent',
      ]),
    );
    const text = JSON.stringify(doc);
    // Every named part is hoisted: no schema carries its own $defs copy of it.
    expect(text).not.toContain('$defs');
    const save = doc.paths['/api/answer/save']?.post;
    expect(save?.responses['200']?.content?.['application/json']?.schema).toEqual({
      type: 'object',
      properties: { answer: { $ref: '#/components/schemas/Answer' } },
      required: ['answer'],
      additionalProperties: false,
    });
    // A save from an older revision, or words for an encrypted account (docs/ENCRYPTION.md).
    expect(save?.responses['409']?.content?.['application/json']?.schema).toEqual({
      anyOf: [
        { $ref: '#/components/schemas/AnswerConflict' },
        { $ref: '#/components/schemas/Error' },
      ],
    });
    expect(jsonBody(save)).toMatchObject({
      properties: { answer: { $ref: '#/components/schemas/AnswerInput' } },
    });
  });

  it('documents every error a call answers, with Retry-After on 429 and 503', () => {
    const statuses = (path: string, method = 'post') =>
      Object.keys(doc.paths[path]?.[method]?.responses ?? {});
    // A named-only JSON call of the caller's own: bad body, no session or a dead token, an
    // anonymous caller or a cross-site request, not found, too large, not JSON, too many, the
    // database away.
    expect(statuses('/api/answer/share')).toEqual([
      '200',
      '400',
      '401',
      '403',
      '404',
      '409',
      '413',
      '415',
      '429',
      '503',
    ]);
    expect(statuses('/api/changeLife')).not.toContain('200');
    expect(statuses('/api/changeLife')).toContain('410');
    // Liveness touches no database and takes no token.
    expect(statuses('/healthz', 'get')).toEqual(['200', '429']);
    expect(doc.paths['/readyz']?.get?.responses['503']?.headers).toBeUndefined();
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        for (const status of ['429', '503']) {
          const response = operation.responses[status];
          // /readyz's 503 is for a load balancer: no time to come back is promised.
          if (!response || path === '/readyz') continue;
          expect(response.headers, `${method} ${path} ${status}`).toEqual({
            'Retry-After': { $ref: '#/components/headers/RetryAfter' },
          });
        }
        expect(operation.responses, `${method} ${path}`).toHaveProperty('429');
        expect(operation.responses, `${method} ${path}`).not.toHaveProperty('default');
      }
    }
    // The route's own limits, as registered: a per-address rate limit, the write limits.
    const tooMany = (path: string) => doc.paths[path]?.post?.responses['429']?.description;
    expect(tooMany('/api/login')).toMatch(/Over \d+ calls 15 minutes from one address/);
    // Both as this server counts them: the test app's limits are relaxed (×100 per address,
    // ×1000 per person) like CI's and the benchmarks'.
    expect(tooMany('/api/answer/save')).toMatch(/write's limits per person \(60000 a minute/);
    expect(tooMany('/api/answer/get')).not.toMatch(/Over \d+ calls|write's limits/);
  });

  it('names the credentials each call takes: /metrics its own token, health checks none', () => {
    expect(doc.paths['/metrics']?.get?.security).toEqual([{ metricsToken: [] }]);
    expect(Object.keys(doc.paths['/metrics']?.get?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '401', '404']),
    );
    expect(doc.paths['/healthz']?.get?.security).toEqual([]);
    expect(doc.paths['/api/admin/users']?.post?.security).toEqual([
      { cookieSession: [] },
      { bearerToken: [] },
    ]);
  });

  it('describes the live stream’s events, each with its data’s schema', () => {
    const stream =
      doc.paths['/api/world/live']?.get?.responses['200']?.content?.['text/event-stream'];
    const events = stream?.['x-events'] as Record<string, { data: { $ref: string } }>;
    expect(Object.keys(events).sort()).toEqual(Object.keys(liveEventSchemas).sort());
    for (const { data } of Object.values(events)) {
      expect(doc.components.schemas).toHaveProperty(data.$ref.split('/').pop() ?? '');
    }
    expect(doc.components.schemas.WorldLiveAnswer).toMatchObject({
      properties: { answer: { $ref: '#/components/schemas/FeedAnswer' } },
    });
  });

  it('names the public origin as its server and the `__Host-` session cookie over https', async () => {
    const https = await buildTestApp(get().db, { publicOrigin: 'https://muse.example' });
    try {
      const response = await https.inject({ method: 'GET', url: '/api/openapi.json' });
      const served = JSON.parse(response.body) as Document;
      expect(served.servers).toEqual([{ url: 'https://muse.example' }]);
      expect(served.components.securitySchemes.cookieSession?.name).toBe('__Host-muse_session');
    } finally {
      await https.close();
    }
  });
});
