import DataLoader from "dataloader";
import type { Services } from "../../services.js";
import type { ImplementApplicant } from "./implement-applicant.entity.js";

/** Per-request batching for implements: a page of N posts costs one statement per relation. */
export interface ImplementsLoaders {
  /** All applicants of a post, by post id. */
  applicants: DataLoader<string, ImplementApplicant[]>;
  /** One user's application to one post, keyed `applicationKey(userId, postId)`. */
  application: DataLoader<string, ImplementApplicant | null>;
}

export const applicationKey = (userId: string, postId: string) => `${userId}|${postId}`;

export function createImplementsLoaders(services: Services): ImplementsLoaders {
  return {
    applicants: new DataLoader(async (postIds) => {
      const m = await services.implementApplicants.applicantsOf(postIds);
      return postIds.map((id) => m.get(id) ?? []);
    }),
    application: new DataLoader(async (keys) => {
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
    }),
  };
}
