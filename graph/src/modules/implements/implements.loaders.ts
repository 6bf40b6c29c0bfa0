import DataLoader from "dataloader";
import type { KitServices } from "../../kit/context.js";
import type { ApplicantReads } from "./implement-applicant-visibility.js";
import type { ImplementApplicant } from "./implement-applicant.entity.js";
import type { ImplementPost } from "./implement-post.entity.js";

/** A post as seen by one viewer. */
export interface ViewedPost {
  viewerId: string;
  post: Pick<ImplementPost, "id" | "ownerId">;
}

/** Per-request batching for implements: a page of N posts costs one statement per relation. */
export interface ImplementsLoaders {
  /** The applicants a post shows its viewer (the service decides who sees whom). */
  visibleApplicants: DataLoader<ViewedPost, ImplementApplicant[], string>;
  /** All applicants of a post, by post id. */
  applicants: DataLoader<string, ImplementApplicant[]>;
  /** One user's application to one post, keyed `applicationKey(userId, postId)`. */
  application: DataLoader<string, ImplementApplicant | null>;
}

export const applicationKey = (userId: string, postId: string) => `${userId}|${postId}`;

/** Values of a loadMany, or its first error. */
function settled<V>(values: Array<V | Error>): V[] {
  const failed = values.find((v): v is Error => v instanceof Error);
  if (failed) throw failed;
  return values as V[];
}

export function createImplementsLoaders(services: Pick<KitServices, "implementApplicants">): ImplementsLoaders {
  const applicants = new DataLoader<string, ImplementApplicant[]>(async (postIds) => {
    const m = await services.implementApplicants.applicantsOf(postIds);
    return postIds.map((id) => m.get(id) ?? []);
  });
  const application = new DataLoader<string, ImplementApplicant | null>(async (keys) => {
    const byUser = new Map<string, string[]>();
    for (const k of keys) {
      const [userId, postId] = k.split("|");
      byUser.set(userId, [...(byUser.get(userId) ?? []), postId]);
    }
    const found = new Map<string, ImplementApplicant>();
    for (const [userId, postIds] of byUser) {
      for (const [postId, row] of await services.implementApplicants.applicationsOf(userId, postIds)) {
        found.set(applicationKey(userId, postId), row);
      }
    }
    return keys.map((k) => found.get(k) ?? null);
  });
  // The service's reads, through the loaders above: `myApplication` and `applicants` share one statement.
  const cached: ApplicantReads = {
    async applicantsOf(postIds) {
      const rows = settled(await applicants.loadMany(postIds));
      return new Map(postIds.map((id, i) => [id, rows[i]]));
    },
    async applicationsOf(userId, postIds) {
      const rows = settled(await application.loadMany(postIds.map((id) => applicationKey(userId, id))));
      return new Map(rows.flatMap((r) => (r ? [[r.postId, r] as const] : [])));
    },
  };
  const visibleApplicants = new DataLoader<ViewedPost, ImplementApplicant[], string>(
    async (keys) => {
      const byViewer = new Map<string, Array<ViewedPost["post"]>>();
      for (const k of keys) byViewer.set(k.viewerId, [...(byViewer.get(k.viewerId) ?? []), k.post]);
      const found = new Map<string, ImplementApplicant[]>();
      for (const [viewerId, posts] of byViewer) {
        for (const [postId, rows] of await services.implementApplicants.visibleTo(viewerId, posts, cached)) {
          found.set(applicationKey(viewerId, postId), rows);
        }
      }
      return keys.map((k) => found.get(applicationKey(k.viewerId, k.post.id)) ?? []);
    },
    { cacheKeyFn: (k) => applicationKey(k.viewerId, k.post.id) },
  );
  return { visibleApplicants, applicants, application };
}
