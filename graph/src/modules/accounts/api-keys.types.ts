import { Field, ID, ObjectType } from "type-graphql";
import { API_KEY_PREFIX } from "../../../../common/api-keys.js";
import type { ApiKeyView } from "./api-keys.service.js";

@ObjectType("ApiKey", {
  simpleResolvers: true,
  description:
    "A read-only API key the caller created for an integrator (a site, a bot, a dashboard). Only its owner sees it; the secret itself is shown once, by createApiKey, and never again.",
})
export class ApiKeyType implements ApiKeyView {
  @Field(() => ID, { description: "What `revokeApiKey` takes." })
  id: string;

  @Field(() => String, { description: "The owner's name for it (1 to 60 characters), e.g. the site that uses it." })
  name: string;

  @Field(() => String, { description: `The secret's first characters (\`${API_KEY_PREFIX}\` and 6 more), to tell keys apart.` })
  prefix: string;

  @Field(() => Date, { description: "When it was created." })
  createdAt: Date;

  @Field(() => Date, {
    nullable: true,
    description: "About when it was last used (recorded at most once a minute); null when it never was.",
  })
  lastUsedAt: Date | null;

  @Field(() => Date, {
    nullable: true,
    description: "When it was revoked (then every request made with it is refused); null while it works.",
  })
  revokedAt: Date | null;
}

@ObjectType("CreatedApiKey", {
  simpleResolvers: true,
  description: "A new API key and its secret: the only time the secret is ever shown (the server keeps only its hash).",
})
export class CreatedApiKeyType {
  @Field(() => ApiKeyType, { description: "The key, as the list shows it." })
  key: ApiKeyType;

  @Field(() => String, {
    description: `The secret (\`${API_KEY_PREFIX}\` and 43 characters): send it as \`Authorization: Bearer <secret>\` on /graphql and /api. Shown once.`,
  })
  secret: string;
}
