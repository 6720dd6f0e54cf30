/**
 * `pnpm bus:replay <id>`: replays one dead letter (see `GET /api/marketing/ops/dead-letters`)
 * after the fix is deployed: re-publishes its subject and payload with a fresh message id and
 * marks it replayed. Distributed: against DATABASE_URL + NATS_URL (and BUS_NAMESPACE). Embedded:
 * on the database under DATA_DIR, with `pnpm start` stopped (the embedded database takes one
 * process at a time); the message is stored in the embedded bus and handled at the next start.
 * Exit codes: 0 replayed, 1 unknown or already replayed or the bus refused, 2 usage.
 */
import * as v from 'valibot';
import { STREAMS } from '@lp/contracts';
import {
  BUS_MIGRATIONS_DIR,
  connectNatsBus,
  createKnexLargeStore,
  createKnexStore,
  createLogger,
  env,
  MemoryBus,
  migrate,
  openPglite,
  openPostgres,
  parseConfig,
  replayDeadLetter,
  type Bus,
  type Database,
} from '@lp/runtime';

const config = parseConfig(
  v.object({
    DATABASE_URL: v.optional(v.string()),
    NATS_URL: v.optional(v.string()),
    BUS_NAMESPACE: env.string(''),
    DATA_DIR: env.string('./data'),
  }),
);
const id = process.argv[2];
if (!id || !/^\d+$/.test(id)) {
  process.stderr.write('usage: pnpm bus:replay <dead-letter id>\n');
  process.exit(2);
}
if (Boolean(config.DATABASE_URL) !== Boolean(config.NATS_URL)) {
  process.stderr.write('Set both DATABASE_URL and NATS_URL (distributed) or neither (embedded, DATA_DIR).\n');
  process.exit(2);
}

const log = createLogger('bus-replay', 'warn');
let db: Database;
let bus: Bus;
if (config.DATABASE_URL && config.NATS_URL) {
  db = await openPostgres(config.DATABASE_URL, 2);
  bus = await connectNatsBus({ url: config.NATS_URL, name: 'bus-replay', log, namespace: config.BUS_NAMESPACE });
} else {
  db = await openPglite({ dataDir: config.DATA_DIR });
  bus = new MemoryBus({ store: createKnexStore(db.knex), largeStore: createKnexLargeStore(db.knex), log });
}
let code = 1;
try {
  await migrate(db.knex, 'bus', BUS_MIGRATIONS_DIR);
  // Any product stream may be the dead letter's: the bus is told about all of them.
  await bus.ensureTopology({ streams: Object.values(STREAMS), durables: [] });
  const outcome = await replayDeadLetter({ bus, knex: db.knex }, id);
  if ('missing' in outcome) process.stderr.write(`No dead letter ${id}.\n`);
  else if ('alreadyReplayedAt' in outcome)
    process.stderr.write(`Dead letter ${id} was already replayed at ${outcome.alreadyReplayedAt}.\n`);
  else {
    const r = outcome.replayed;
    process.stdout.write(`Replayed dead letter ${r.id} onto ${r.subject} as message ${r.msgId}.\n`);
    code = 0;
  }
} catch (err) {
  process.stderr.write(`Not replayed: ${(err as Error).message}\n`);
} finally {
  await bus.close();
  await db.close();
}
process.exit(code);
