import type { KitServices } from "../kit/context.js";
import type { AuthService, ChatService, JobRunner, ReadinessService } from "../modules/index.js";

/**
 * What the doors (graph/src/server/) are given: the kit's services, which every context carries
 * and every module's routes take, plus the module services a door calls itself (named here). The
 * doors sit below the app and never import it: the app's `Services` is checked to satisfy this
 * type (services.ts).
 */
export interface DoorServices extends KitServices {
  /** Reads the caller from a token (context.ts, ws.ts). */
  auth: AuthService;
  /** Presence of the sockets (ws.ts). */
  chat: ChatService;
  /** The scheduled jobs' test hooks (http.ts). */
  jobs: JobRunner;
  /** /readyz (http.ts). */
  readiness: ReadinessService;
}
