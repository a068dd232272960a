// `npm run seed:scale -- --answers 1000000`: fills the configured database (DATA_DIR's SQLite
// file, or DATABASE_URL) with a realistic world straight through SQL, no HTTP: answers/10 people,
// answers/5 shared, 2 loves per answer. Migrates and seeds the prompt library first. Ids carry
// a fresh prefix, so it can run against a database that already has people in it.
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/server/config.ts';
import { createDatabase } from '../src/server/db/database.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { seedDatabase } from '../src/server/db/seed.ts';
import { seedScale } from './scale-data.ts';

const { values } = parseArgs({
  options: {
    answers: { type: 'string', default: '1000000' },
    people: { type: 'string' },
    shared: { type: 'string' },
    loves: { type: 'string' },
  },
});
const answers = Number(values.answers);
if (!Number.isInteger(answers) || answers < 1) throw new Error('--answers: a whole number, please');
const config = loadConfig();
const db = createDatabase(config.database);
await migrateToLatest(db);
await seedDatabase(db);
const started = Date.now();
const where = config.database.kind === 'sqlite' ? config.database.file : 'PostgreSQL';
console.log(`Filling ${where} with ${answers.toLocaleString('en')} answers…`);
await seedScale(db, {
  answers,
  people: Number(values.people ?? Math.max(10, Math.round(answers / 10))),
  shared: Number(values.shared ?? Math.round(answers / 5)),
  loves: Number(values.loves ?? answers * 2),
  prefix: `s${randomBytes(2).toString('hex')}`,
  postgres: config.database.kind === 'postgres',
  log: (line) => console.log(`  ${line}`),
});
console.log(`Done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
await db.destroy();
