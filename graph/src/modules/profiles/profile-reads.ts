/**
 * The batched reads of profiles: each takes any number of ids and costs one statement, in raw SQL
 * (every feed, search and profile page reads them; the query builder cost more than the query).
 */
import { isSqlite, rawQuery, readDate } from "../../db/sql.js";
import { fromUsers, userColumnsByIds, userSelectList } from "../accounts/user-reads.js";

type Runner = Parameters<typeof rawQuery>[0];

export interface SkillRef {
  category: string;
  skill: string;
}

export interface UserSkills {
  known: SkillRef[];
  required: SkillRef[];
}

export interface CompletedSkillView {
  skill: string;
  category: string;
  completedAt: Date;
  mentorId: string;
}

/** The columns profiles reads from `users`; never the password hash or token version. */
export const PROFILE_COLUMNS = {
  id: true,
  name: true,
  email: true,
  gender: true,
  image: true,
  amount: true,
  days: true,
  ratingSum: true,
  ratingCount: true,
  ratingAvg: true,
  createdAt: true,
  emailVerifiedAt: true,
} as const;
export interface ProfileRow {
  id: string;
  name: string;
  email: string;
  gender: "Male" | "Female" | null;
  image: string | null;
  amount: number;
  days: number;
  ratingSum: number;
  ratingCount: number;
  ratingAvg: number;
  createdAt: Date;
  emailVerifiedAt: Date | null;
}
const PROFILE_COLUMN_LIST = Object.keys(PROFILE_COLUMNS) as Array<keyof typeof PROFILE_COLUMNS>;
const PROFILE_SELECT = userSelectList(PROFILE_COLUMN_LIST, "u");

/** A `users` row read through raw SQL (numbers may come back as strings, dates as text on SQLite). */
function profileRowOf(r: Record<string, unknown>): ProfileRow {
  return {
    id: String(r.id),
    name: String(r.name),
    email: String(r.email),
    gender: (r.gender ?? null) as ProfileRow["gender"],
    image: (r.image ?? null) as string | null,
    amount: Number(r.amount),
    days: Number(r.days),
    ratingSum: Number(r.ratingSum),
    ratingCount: Number(r.ratingCount),
    ratingAvg: Number(r.ratingAvg),
    createdAt: readDate(r.createdAt),
    emailVerifiedAt: r.emailVerifiedAt == null ? null : readDate(r.emailVerifiedAt),
  };
}

const group = <T, K>(rows: T[], key: (r: T) => K) => {
  const m = new Map<K, T[]>();
  for (const r of rows) m.set(key(r), [...(m.get(key(r)) ?? []), r]);
  return m;
};

export async function usersByIds(db: Runner, ids: readonly string[]): Promise<Map<string, ProfileRow>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  // Raw SQL: a hot read (every feed, search and profile page), worth skipping the query builder.
  const rows = await userColumnsByIds(db, unique, PROFILE_COLUMN_LIST);
  return new Map(rows.map((r) => [String(r.id), profileRowOf(r)]));
}

/** Students' cards: their rows and their skills, read together (cardsByIds). */
export interface Cards {
  users: Map<string, ProfileRow>;
  skills: Map<string, UserSkills>;
}

/** Where a row read by cardsByIds keeps its skills: a symbol, not enumerable, so no answer or copy of the row carries it. */
const CARD_SKILLS = Symbol("card skills");

/**
 * The skills read with a profile row (cardsByIds reads a card and its skills in one statement), or
 * undefined for a row read otherwise. A card's skill fields answer from it at once, where the
 * request's skills loader (primed with the same lists) would answer through a promise: 20 of them
 * on a feed page of ten cards.
 */
export function cardSkills(row: ProfileRow): UserSkills | undefined {
  return (row as ProfileRow & { [CARD_SKILLS]?: UserSkills })[CARD_SKILLS];
}

/**
 * Profiles with their skills in one statement (a feed or search page: the cards it shows).
 * Ids that name nobody are absent. The statement has no ORDER BY: sorting a page's rows (up to
 * 50 cards of 5 skills) cost MariaDB a temporary table and a filesort, a quarter of the
 * statement's time; each card's few skills are put in their order here instead.
 */
export async function cardsByIds(db: Runner, ids: readonly string[]): Promise<Cards> {
  const unique = [...new Set(ids)];
  const users = new Map<string, ProfileRow>();
  const skills = new Map<string, UserSkills>();
  if (unique.length === 0) return { users, skills };
  const rows = await rawQuery<Record<string, unknown>>(
    db,
    `SELECT ${PROFILE_SELECT}, s.kind AS skillKind, s.position AS skillPosition, s.category AS skillCategory, s.skill AS skillName
       ${fromUsers("u")} LEFT JOIN user_skills s ON s.userId = u.id
      WHERE u.id IN (:...ids)`,
    { ids: unique },
  );
  const positions = new Map<SkillRef, number>();
  for (const r of rows) {
    const id = String(r.id);
    if (!users.has(id)) {
      const row = profileRowOf(r);
      const own: UserSkills = { known: [], required: [] };
      Object.defineProperty(row, CARD_SKILLS, { value: own });
      users.set(id, row);
      skills.set(id, own);
    }
    if (r.skillKind === "known" || r.skillKind === "required") {
      const skill: SkillRef = { category: String(r.skillCategory), skill: String(r.skillName) };
      positions.set(skill, Number(r.skillPosition));
      skills.get(id)![r.skillKind].push(skill);
    }
  }
  const byPosition = (a: SkillRef, b: SkillRef) => positions.get(a)! - positions.get(b)!;
  for (const own of skills.values()) {
    if (own.known.length > 1) own.known.sort(byPosition);
    if (own.required.length > 1) own.required.sort(byPosition);
  }
  return { users, skills };
}

export async function skillsOfMany(db: Runner, ids: readonly string[]): Promise<Map<string, UserSkills>> {
  const out = new Map<string, UserSkills>(ids.map((id) => [id, { known: [], required: [] }]));
  if (ids.length === 0) return out;
  const rows = await rawQuery<{ userId: string; kind: "known" | "required"; category: string; skill: string }>(
    db,
    "SELECT s.userId AS userId, s.kind AS kind, s.category AS category, s.skill AS skill FROM user_skills s WHERE s.userId IN (:...ids) ORDER BY s.userId, s.kind, s.position",
    { ids: [...new Set(ids)] },
  );
  for (const r of rows) out.get(r.userId)?.[r.kind]?.push({ category: r.category, skill: r.skill });
  return out;
}

export async function languagesOfMany(db: Runner, ids: readonly string[]): Promise<Map<string, string[]>> {
  if (ids.length === 0) return new Map();
  const rows = await rawQuery<{ userId: string; language: string }>(
    db,
    "SELECT l.userId AS userId, l.language AS language FROM user_languages l WHERE l.userId IN (:...ids) ORDER BY l.userId, l.position",
    { ids: [...new Set(ids)] },
  );
  const byUser = group(rows, (r) => r.userId);
  return new Map(ids.map((id) => [id, (byUser.get(id) ?? []).map((r) => r.language)]));
}

/**
 * One student's languages (in their order) and completed skills (oldest first, at most COMPLETED_READ_MAX), in one
 * statement: the two short index reads every full profile answer needs (REST's profile and
 * dashboard), one round trip instead of two.
 */
export async function languagesAndCompletedOf(db: Runner, id: string): Promise<LanguagesAndCompleted> {
  const rows = await rawQuery<LanguagesAndCompletedRow>(db, LANGUAGES_AND_COMPLETED[isSqlite(db) ? 1 : 0], { id });
  return languagesAndCompletedFrom(rows);
}

export interface LanguagesAndCompleted {
  languages: string[];
  completed: CompletedSkillView[];
}

/** A row of languagesAndCompletedParts: `part` 'l' (a language) or 'c' (a completed skill). */
export interface LanguagesAndCompletedRow {
  part: string;
  a: string;
  b: string | null;
  mentorId: string | null;
  completedAt: unknown;
  pos: unknown;
  cid: string | null;
}

/** The languages and completed skills among rows of languagesAndCompletedParts (other rows are ignored). */
export function languagesAndCompletedFrom(rows: LanguagesAndCompletedRow[]): LanguagesAndCompleted {
  // A union's rows come in no promised order: each part is put back in its own.
  const languages = rows.filter((r) => r.part === "l").sort((x, y) => Number(x.pos) - Number(y.pos));
  const completed = rows
    .filter((r) => r.part === "c")
    .map((r) => ({
      id: String(r.cid),
      view: completedView({ skill: r.a, category: String(r.b), mentorId: String(r.mentorId), completedAt: r.completedAt }),
    }))
    .sort((x, y) => x.view.completedAt.getTime() - y.view.completedAt.getTime() || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));
  return { languages: languages.map((r) => r.a), completed: completed.map((c) => c.view) };
}

/** The most completed skills a profile read returns for one student (oldest first). */
const COMPLETED_READ_MAX = 500;

/**
 * The two reads of languagesAndCompletedOf, for the student named by the parameter `param`: each a
 * SELECT of (part, a, b, mentorId, completedAt, pos, cid), to be joined by UNION ALL (the second has
 * its own ORDER BY and LIMIT: in parentheses on MariaDB, a derived table on SQLite). Another
 * statement may read them beside its own rows (the REST dashboard's viewer facts).
 */
export function languagesAndCompletedParts(param: string): [languages: string, completed: string] {
  return [
    `SELECT 'l' AS part, l.language AS a, NULL AS b, NULL AS mentorId, NULL AS completedAt, l.position AS pos, NULL AS cid
       FROM user_languages l WHERE l.userId = :${param}`,
    `SELECT 'c' AS part, c.skill AS a, c.category AS b, c.mentorId AS mentorId, c.completedAt AS completedAt, NULL AS pos, c.id AS cid
       FROM completed_skills c WHERE c.learnerId = :${param} ORDER BY c.completedAt, c.id LIMIT ${COMPLETED_READ_MAX}`,
  ];
}
const [LANGUAGES_PART, COMPLETED_PART] = languagesAndCompletedParts("id");
/**
 * languagesAndCompletedOf's statement [MariaDB, SQLite]. MariaDB takes a union member with its own
 * ORDER BY and LIMIT in parentheses, and reads it straight from the index; a derived table (which
 * SQLite needs for the same thing) cost MariaDB a materialisation, a sixth of the statement's time.
 */
const LANGUAGES_AND_COMPLETED = [
  `(${LANGUAGES_PART}) UNION ALL (${COMPLETED_PART})`,
  `${LANGUAGES_PART} UNION ALL SELECT * FROM (${COMPLETED_PART}) done`,
] as const;

/** A completed_skills row as the profile shows it. */
function completedView(r: { skill: string; category: string; mentorId: string; completedAt: unknown }): CompletedSkillView {
  return { skill: r.skill, category: r.category, completedAt: readDate(r.completedAt), mentorId: r.mentorId };
}

export async function completedOfMany(db: Runner, ids: readonly string[]): Promise<Map<string, CompletedSkillView[]>> {
  if (ids.length === 0) return new Map();
  const unique = [...new Set(ids)];
  const rows = await rawQuery<{ learnerId: string; mentorId: string; skill: string; category: string; completedAt: unknown }>(
    db,
    `SELECT c.learnerId AS learnerId, c.mentorId AS mentorId, c.skill AS skill, c.category AS category, c.completedAt AS completedAt
       FROM completed_skills c WHERE c.learnerId IN (:...ids) ORDER BY c.completedAt, c.id LIMIT ${COMPLETED_READ_MAX * unique.length}`,
    { ids: unique },
  );
  const byUser = group(rows, (r) => r.learnerId);
  return new Map(ids.map((id) => [id, (byUser.get(id) ?? []).map(completedView)]));
}
