import { expect, it } from 'vitest';
import { z } from 'zod';
import { SchemaComponents } from './openapi-schemas.ts';

// The named parts of the map's schemas become components once, referred to by $ref; a name
// whose body form and answer form differ is kept twice rather than describing one wrongly.

it('hoists a named part into components and points at it', () => {
  const components = new SchemaComponents();
  const answer = z.object({ text: z.string() }).meta({ id: 'TestAnswer' });
  const json = components.schema(z.object({ answer, answers: z.array(answer) }), 'output');
  expect(json).toMatchObject({
    properties: {
      answer: { $ref: '#/components/schemas/TestAnswer' },
      answers: { items: { $ref: '#/components/schemas/TestAnswer' } },
    },
  });
  expect(components.components.TestAnswer).toMatchObject({
    type: 'object',
    required: ['text'],
  });
  expect(JSON.stringify(json)).not.toContain('$defs');
});

it('keeps a name used as a body and as an answer twice when the two forms differ', () => {
  const components = new SchemaComponents();
  const named = z.object({ page: z.number().default(1) }).meta({ id: 'TestPage' });
  const asAnswer = components.schema(z.object({ at: named }), 'output');
  const asBody = components.schema(z.object({ at: named }), 'input');
  expect(asAnswer).toMatchObject({ properties: { at: { $ref: '#/components/schemas/TestPage' } } });
  expect(asBody).toMatchObject({
    properties: { at: { $ref: '#/components/schemas/TestPageInput' } },
  });
  // The answer always has a page; a body may leave it out.
  expect(components.components.TestPage).toMatchObject({ required: ['page'] });
  expect(components.components.TestPageInput?.required).toBeUndefined();
});

it('refuses two different schemas under one name', () => {
  const components = new SchemaComponents();
  components.schema(z.object({ a: z.string() }).meta({ id: 'TestTwice' }), 'output');
  expect(() =>
    components.schema(z.object({ b: z.number() }).meta({ id: 'TestTwice' }), 'output'),
  ).toThrow(/Two different schemas are named 'TestTwice'/);
});
