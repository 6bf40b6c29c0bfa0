import { extendZodWithOpenApi } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";

// `.openapi({ example, ... })` on every zod type the REST routes describe themselves with. A leaf
// module: whoever imports `z` from here gets the extended one, whatever the import order.
extendZodWithOpenApi(z);

export { z };
