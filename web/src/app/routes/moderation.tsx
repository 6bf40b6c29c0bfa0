import { ModerationPage } from "../../features/moderation/components/ModerationPage";

/**
 * /moderation: operators only. Everyone else gets the server's refusal (FORBIDDEN, 403 on REST)
 * shown as a 403 page: the data never reaches a browser that is not an operator's.
 */
export function Component() {
  return <ModerationPage />;
}
