import { ApiKeysPage } from "../../features/api-keys/components/ApiKeysPage";

/** /settings/api-keys: the student's read-only API keys for integrators (signed in: RequireSignIn guards it). */
export function Component() {
  return <ApiKeysPage />;
}
