import { createRequire } from "node:module";

/**
 * Loads a CommonJS package when it is first needed instead of at start-up. Adapters that only a
 * configured deployment uses (Redis, SMTP, Cloudinary, Razorpay, the MySQL probe) would otherwise
 * cost every start their module loading, most of a cold start's time. Import the package's types
 * with `import type`; call this where the value is needed.
 */
export const lazyRequire = createRequire(import.meta.url);
