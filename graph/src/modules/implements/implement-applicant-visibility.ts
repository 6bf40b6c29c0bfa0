import type { ImplementApplicant } from "./implement-applicant.entity.js";
import type { ImplementPost } from "./implement-post.entity.js";

/** The two reads visibleApplicants needs; per-request loaders pass cached ones. */
export interface ApplicantReads {
  applicantsOf(postIds: readonly string[]): Promise<Map<string, ImplementApplicant[]>>;
  applicationsOf(userId: string, postIds: readonly string[]): Promise<Map<string, ImplementApplicant>>;
}

/**
 * Applicants each post shows to `viewerId`: the owner sees every applicant, in the order
 * they asked; anyone else only their own application (or none). Two statements for any
 * number of posts (or none, when `read` is a request's loaders that already hold them).
 */
export async function visibleApplicants(
  viewerId: string,
  posts: ReadonlyArray<Pick<ImplementPost, "id" | "ownerId">>,
  read: ApplicantReads,
): Promise<Map<string, ImplementApplicant[]>> {
  const own = posts.filter((p) => p.ownerId === viewerId).map((p) => p.id);
  const others = posts.filter((p) => p.ownerId !== viewerId).map((p) => p.id);
  const [all, mine] = await Promise.all([read.applicantsOf(own), read.applicationsOf(viewerId, others)]);
  return new Map(
    posts.map((p) => {
      if (p.ownerId === viewerId) return [p.id, all.get(p.id) ?? []];
      const app = mine.get(p.id);
      return [p.id, app ? [app] : []];
    }),
  );
}
