// ESLint: code quality (typescript-eslint), React hook rules, no import cycles and the
// architecture's boundaries. `npm run lint`; part of `npm test`.
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const modules = [
  "accounts",
  "blocks",
  "chat",
  "coins",
  "implements",
  "moderation",
  "notifications",
  "privacy",
  "profiles",
  "snake",
  "swaps",
  "system",
];
const features = ["accounts", "chat", "coins", "implements", "moderation", "notifications", "profiles", "snake", "swaps", "system"];

export default tseslint.config(
  { ignores: ["node_modules/", "dist/", "data/", ".tmp/", "web/src/gql/", "bench/profiles/", "test-results/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: "module", globals: { ...globals.node, ...globals.browser } },
    plugins: { "import-x": importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "tsconfig.json" })],
    },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports", disallowTypeAnnotations: false }],
      // A cycle between runtime imports makes module order matter; type-only imports are erased and allowed.
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "import-x/no-self-import": "error",
      "import-x/no-duplicates": ["error", { "prefer-inline": true }],
      eqeqeq: ["error", "smart"],
      "no-console": "off",
    },
  },
  {
    files: ["web/src/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["**/graph/src/**", "node:*"], message: "The web app talks to the server through GraphQL only." }] },
      ],
    },
  },
  // Boundaries: no cross-feature imports in web/src/features (shared code goes to components/ or lib/).
  {
    files: ["web/src/features/**/*.{ts,tsx}"],
    rules: {
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: features.map((f) => ({
            target: `./web/src/features/${f}`,
            from: "./web/src/features",
            except: [`./${f}`],
            message: "No cross-feature imports: move shared code to web/src/components or web/src/lib.",
          })),
        },
      ],
    },
  },
  // Boundaries on the server: a module does not import another module's entities (call its service);
  // adapters (resolvers, REST routes) reach the database only through a service.
  {
    files: ["graph/src/modules/**/*.ts"],
    // Tests and their support files may inspect any table; index.ts is the registry of every module.
    ignores: ["graph/src/modules/**/*.test.ts", "graph/src/modules/**/*.test-support.ts", "graph/src/modules/index.ts"],
    rules: {
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: modules.map((m) => ({
            target: `./graph/src/modules/${m}`,
            from: modules.filter((o) => o !== m).map((o) => `./graph/src/modules/${o}/*.entity.ts`),
            message: "A module does not import another module's entities: call that module's service.",
          })),
        },
      ],
    },
  },
  {
    files: ["graph/src/modules/**/*.resolver.ts", "graph/src/modules/**/*.rest.ts", "graph/src/server/**/*.ts"],
    ignores: ["graph/src/server/**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [{ name: "typeorm", message: "Adapters do not touch repositories: call a service." }],
          patterns: [
            {
              group: ["**/db/data-source*", "**/db/sql*", "**/*.entity*", "**/*-reads*"],
              message: "Adapters do not read the database or entities: call a service.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["graph/src/db/migrations/**"],
    rules: { "@typescript-eslint/no-unsafe-function-type": "off" }, // generated lists of migration classes
  },
  {
    files: [
      "**/*.test.ts",
      "**/*.test.tsx",
      "**/*.test-support.ts",
      "**/*.e2e.ts",
      "graph/test/**",
      "web/e2e/**",
      "bench/**",
      "scripts/**",
    ],
    rules: { "@typescript-eslint/no-non-null-assertion": "off", "@typescript-eslint/no-explicit-any": "off" },
  },
);
