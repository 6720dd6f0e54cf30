/** The goals as stored (`analytics.goals`), read, added and removed: one statement each. */
import { GOALS_MAX, type Goal, type GoalForm } from '@lp/contracts';
import { AppError, conflict, type Knex } from '@lp/runtime';

type GoalRow = { id: number; name: string; kind: Goal['kind']; value: string; created_at: Date };

const toGoal = (r: GoalRow): Goal => ({
  id: r.id,
  name: r.name,
  kind: r.kind,
  value: r.value,
  createdAt: r.created_at.toISOString(),
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
    if (!isDuplicateName(err)) throw err;
    const message = `A goal named ${form.name} already exists`;
    throw new AppError(409, 'conflict', message, { fields: { name: [message] } });
  }
}

/** Removes a goal; false when there was none of that id. */
export async function deleteGoal(knex: Knex, id: number): Promise<boolean> {
  const { rows } = await knex.raw<{ rows: unknown[] }>('delete from analytics.goals where id = ? returning id', [id]);
  return rows.length > 0;
}
