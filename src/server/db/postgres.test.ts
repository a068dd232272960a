import { describe, expect, it } from 'vitest';
import { databaseUnavailable } from './database-errors.ts';
import { classifyPostgresFault, faultFields } from './postgres.ts';

const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('PostgreSQL faults told apart from bugs', () => {
  it.each([
    [pgError('ECONNREFUSED'), 'unreachable'],
    [pgError('ECONNRESET'), 'unreachable'],
    [pgError('57P01', 'terminating connection due to administrator command'), 'unreachable'],
    [pgError('57P03', 'the database system is starting up'), 'unreachable'],
    [pgError('08006'), 'unreachable'],
    [pgError('53300', 'too many connections'), 'unreachable'],
    [new Error('Connection terminated unexpectedly'), 'unreachable'],
    [new Error('Client has encountered a connection error and is not queryable'), 'unreachable'],
    [new Error('timeout exceeded when trying to connect'), 'timeout'],
    [new Error('Query read timeout'), 'timeout'],
    [pgError('57014', 'canceling statement due to statement timeout'), 'timeout'],
    [pgError('53100', 'could not extend file'), 'disk-full'],
  ])('%s is %s', (error, reason) => {
    expect(classifyPostgresFault(error)).toBe(reason);
  });

  it.each([
    pgError('23505', 'duplicate key value violates unique constraint'),
    pgError('42P01', 'relation "x" does not exist'),
    new TypeError('Cannot read properties of undefined'),
    null,
  ])('%s stays a bug (500)', (error) => {
    expect(classifyPostgresFault(error)).toBeNull();
  });

  it('is registered: a wrapped fault becomes 503 with Retry-After', () => {
    const wrapped = new Error('save failed', { cause: pgError('57P01') });
    expect(databaseUnavailable(wrapped)).toMatchObject({ reason: 'unreachable' });
  });

  it('logs the code and message only, never the query', () => {
    const error = Object.assign(pgError('57014', 'canceling statement'), {
      query: 'insert into answers …',
      detail: 'Key (id)=(secret)',
    });
    expect(faultFields(error)).toEqual({ code: '57014', message: 'canceling statement' });
  });
});
