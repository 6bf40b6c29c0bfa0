import { RestSkill } from "../../kit/rest-schemas.js";
import { z } from "../../kit/zod-openapi.js";

/** The REST shapes of rest-shapes.ts, described for the OpenAPI document. */
export const PublicUser = z
  .object({
    _id: z.string(),
    name: z.string(),
    gender: z.enum(["Male", "Female"]).nullable(),
    image: z.string().nullable(),
    selectedLanguages: z.array(z.string()),
    languages: z.array(z.string()),
    skillsKnown: z.array(RestSkill),
    skillsRequired: z.array(RestSkill),
    completed_skills: z.array(
      z.object({ skill: z.string(), category: z.string(), mentor: z.object({ _id: z.string(), name: z.string() }).nullable() }),
    ),
    rating: z.object({ ratingValue: z.number(), ratingCount: z.number().int() }),
    amount: z.number(),
  })
  .openapi("PublicUser");

export const OwnUser = PublicUser.extend({ email: z.string(), days: z.number(), emailVerified: z.boolean() }).openapi("OwnUser");

export const FeedItem = z
  .object({ _id: z.string(), name: z.string(), skillsKnown: z.array(RestSkill), skillsRequired: z.array(RestSkill) })
  .openapi("FeedItem");
