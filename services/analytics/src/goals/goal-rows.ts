/** The goals as stored (`analytics.goals`), read, added, edited and removed. */
import { GOALS_MAX, STALE_EDIT_MESSAGES, type Goal, type GoalForm, type GoalUpdate } from '@lp/contracts';
import { AppError, conflict, notFound, type Knex } from '@lp/runtime';

type GoalRow = { id: number; name: string; kind: Goal['kind']; value: string; created_at: Date; version: number };

const toGoal = (r: GoalRow): Goal => ({
  id: r.id,
  name: r.name,
  kind: r.kind,
  value: r.value,
  createdAt: r.created_at.toISOString(),
  version: r.version,
});

/** Every goal, oldest first (the order staff added them, and the order the screen shows). */
export async function listGoals(knex: Knex): Promise<Goal[]> {
  const rows = await knex<GoalRow>('analytics.goals').select('*').orderBy('id');
  return rows.map(toGoal);
}

/** The goals of these ids, in the order given; an id without a goal is a 404 naming it. */
export async function goalsByIds(knex: Knex, ids: readonly number[]): Promise<Goal[]> {
  const rows = await knex<GoalRow>('analytics.goals')
    .select('*')
    .whereIn('id', [...ids]);
  const byId = new Map(rows.map((r) => [r.id, toGoal(r)]));
  return ids.map((id) => {
    const goal = byId.get(id);
    if (!goal) throw new AppError(404, 'not_found', `Goal ${id} does not exist (it may have been deleted)`);
    return goal;
  });
}

const isDuplicateName = (err: unknown): boolean =>
  typeof err === 'object' &&
  err !== null &&
  (err as { code?: string }).code === '23505' &&
  // PostgreSQL names the index; PGlite may not: goals have no other unique index a write can hit.
  [undefined, 'goals_name_lower_idx'].includes((err as { constraint?: string }).constraint);

/**
 * Adds a goal; a name another goal has in any letter case is a 409 for the name field, and a
 * goal past GOALS_MAX a 409 too (each goal is counted on every view of the screen).
 */
export async function insertGoal(knex: Knex, form: GoalForm): Promise<Goal> {
  try {
    const [row] = await knex
      .raw<{ rows: GoalRow[] }>(
        `insert into analytics.goals (name, kind, value)
       select ?, ?, ? where (select count(*) from analytics.goals) < ?
       returning *`,
        [form.name, form.kind, form.value, GOALS_MAX],
      )
      .then((r) => r.rows);
    if (!row) throw conflict(`There are ${GOALS_MAX} goals already: delete one to add another`);
    return toGoal(row);
  } catch (err) {
    throw isDuplicateName(err) ? nameTaken(form.name) : err;
  }
}

const nameTaken = (name: string) => {
  const message = `A goal named ${name} already exists`;
  return new AppError(409, 'conflict', message, { fields: { name: [message] } });
};

/**
 * Renames a goal or changes what it counts, only while it is at the version the edit opened:
 * else 409 ("This goal was changed since you opened it") and nothing changes; 404 when it is
 * gone; a name another goal has in any letter case is a 409 for the name field. The figures it
 * shows follow at once: they are counted from the stored visits on each view.
 */
export async function updateGoal(knex: Knex, id: number, goal: GoalUpdate): Promise<Goal> {
  let row: GoalRow | undefined;
  try {
    [row] = await knex
      .raw<{ rows: GoalRow[] }>(
        `update analytics.goals set name = ?, kind = ?, value = ?, version = version + 1
         where id = ? and version = ? returning *`,
        [goal.name, goal.kind, goal.value, id, goal.version],
      )
      .then((r) => r.rows);
  } catch (err) {
    throw isDuplicateName(err) ? nameTaken(goal.name) : err;
  }
  if (row) return toGoal(row);
  const [stored] = await goalsOrNone(knex, id);
  throw stored ? conflict(STALE_EDIT_MESSAGES.goal) : notFound('Goal not found');
}

const goalsOrNone = (knex: Knex, id: number) => knex<GoalRow>('analytics.goals').select('id').where({ id });

/** Removes a goal; false when there was none of that id. */
export async function deleteGoal(knex: Knex, id: number): Promise<boolean> {
  const { rows } = await knex.raw<{ rows: unknown[] }>('delete from analytics.goals where id = ? returning id', [id]);
  return rows.length > 0;
}
