import { randomUUID } from 'node:crypto';
import type { Database } from '#server/db/database.ts';
import type { AdminAuditTable } from '#server/db/schema.ts';

export type AuditRow = AdminAuditTable;

export async function insertAuditEntry(db: Database, entry: Omit<AuditRow, 'id'>): Promise<void> {
  await db
    .insertInto('admin_audit')
    .values({ id: randomUUID(), ...entry })
    .execute();
}

/** Newest first. */
export async function listAuditPage(db: Database, offset: number, limit: number) {
  return db
    .selectFrom('admin_audit')
    .selectAll()
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}
