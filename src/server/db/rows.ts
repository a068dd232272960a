import type { Selectable } from 'kysely';
import type { AnswersTable, UsersTable } from './schema.ts';

// Row shapes more than one feature reads. A feature's own row shapes stay in its repository;
// these live here so that no feature imports another's repository for a type.

export type UserRow = UsersTable;

export type AnswerRow = Selectable<AnswersTable>;
