// ESLint: code quality (typescript-eslint), React hook rules, no import cycles, the
// architecture's boundaries and the use of dependencies through their documented APIs only.
// `npm run lint`; part of `npm test`. graph/test/lint-rules.test.ts checks that these rules fire.
import { readdirSync } from "node:fs";
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// Read from the folders, not written out: a module or feature is inside the boundaries the day
// its folder is made.
const foldersIn = (dir) =>
  readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
const modules = foldersIn("./graph/src/modules/");
const features = foldersIn("./web/src/features/");

// Layers point one way (ARCHITECTURE.md principle 10): a module imports the kit, the kernel and the modules it is
// built on, never a door, the app or the composition root's `Services` (services.ts). Type imports count.
const moduleLayerZone = {
  target: "./graph/src/modules",
  from: ["./graph/src/server", "./graph/src/app", "./graph/src/app.ts", "./graph/src/services.ts", "./graph/src/main.ts"],
  message: "A module imports no door or app code: what a resolver or route needs comes from graph/src/kit/ (KitServices, not Services).",
};

// Files that may import devDependencies: tests and their support, scripts, benchmarks, configs.
// Everything else ships, so what it imports must be in "dependencies".
const testFiles = ["**/*.test.ts", "**/*.test.tsx", "**/*.test-support.ts", "**/*.e2e.ts", "graph/test/**", "web/e2e/**"];
const devFiles = [
  ...testFiles,
  "web/src/test/**",
  // Test support by content (used only by the *.test.tsx beside it), named outside the convention.
  "web/src/features/profiles/components/test-client.tsx",
  "bench/**",
  "scripts/**",
  "*.config.{js,mjs,ts}",
];

// Subpaths of packages that their documentation names as entry points (and their package.json
// "exports" lists, where there is one), used by the code today. Any other "pkg/sub/path" is a private file: it can
// move or change on a minor release without a word in the changelog. Add an entry here only
// with a link-worthy reason: the package documents it.
const documentedSubpaths = [
  "@apollo/client/cache",
  "@apollo/client/errors",
  "@apollo/client/link/context",
  "@apollo/client/link/error",
  // Automatic persisted queries: "import { PersistedQueryLink } from \"@apollo/client/link/persisted-queries\"" (Apollo Client docs, Persisted queries).
  "@apollo/client/link/persisted-queries",
  "@apollo/client/link/subscriptions",
  "@apollo/client/react",
  // Server-side rendering: "import { prerenderStatic } from \"@apollo/client/react/ssr\"" (Apollo Client docs, SSR).
  "@apollo/client/react/ssr",
  "@apollo/client/testing/react",
  "@apollo/server/errors",
  // "import { ApolloServerPluginCacheControl } from '@apollo/server/plugin/cacheControl'" (Apollo Server docs, Cache control plugin).
  "@apollo/server/plugin/cacheControl",
  "@apollo/server/plugin/disabled",
  "@apollo/server/plugin/drainHttpServer",
  // JSON Schema 2020-12 (OpenAPI 3.1's dialect): "import Ajv2020 from \"ajv/dist/2020\"" (Ajv docs, "JSON Schema draft 2020-12").
  "ajv/dist/2020.js",
  "graphiql/style.css",
  "graphql-ws/use/ws",
  "mysql2/promise",
  // The package's README: "or import directly" (the memory limiter without every store's module).
  "rate-limiter-flexible/lib/RateLimiterMemory.js",
  "react-dom/client",
  "react-dom/server",
  "react-router/dom",
  "vitest/config",
  "vitest/node",
];
// Every package imported is declared in package.json (a transitive package can vanish or change
// major on any install), type-only imports included; devDependencies only in devFiles.
const declaredOnly = (whitelist = []) => [
  "error",
  { devDependencies: devFiles, includeTypes: true, ...(whitelist.length ? { whitelist } : {}) },
];

const escapeRegex = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/**
 * A bare specifier with a path after the package name ("pkg/x", "@scope/pkg/x"), other than
 * node: built-ins and the allowed subpaths. Relative and absolute paths are the project's own.
 */
const deepImportRegex = (allowed) => `^(?![./]|node:)(?!(?:${allowed.map(escapeRegex).join("|")})$)(?:@[^/]+/[^/]+|[^@/][^/]*)/.+`;
const deepImportMessage =
  "Deep import into a package's private files: import from the package root or a documented subpath (the list in eslint.config.js).";
/**
 * The rule entries for deep imports: static imports and re-exports through
 * @typescript-eslint/no-restricted-imports (a rule of its own, so the architecture's
 * no-restricted-imports blocks below do not replace it), import() and require() through
 * no-restricted-syntax (neither import rule looks at calls).
 */
const noDeepImports = () => {
  const regex = deepImportRegex(documentedSubpaths);
  return {
    "@typescript-eslint/no-restricted-imports": ["error", { patterns: [{ regex, caseSensitive: true, message: deepImportMessage }] }],
    "no-restricted-syntax": [
      "error",
      {
        // esquery regexes cannot hold a "/": spelled \x2F. require() and shared/lazy-require.ts's
        // lazyRequire() load packages too.
        selector: `:matches(ImportExpression > Literal.source, CallExpression[callee.name=/^(require|lazyRequire)$/] > Literal)[value=/${regex.replaceAll("/", "\\x2F")}/]`,
        message: deepImportMessage,
      },
    ],
  };
};

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
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports", disallowTypeAnnotations: true }],
      // A cycle between runtime imports makes module order matter; type-only imports are erased and allowed.
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "import-x/no-self-import": "error",
      "import-x/no-duplicates": ["error", { "prefer-inline": true }],
      eqeqeq: ["error", "smart"],
      "no-console": "off",
      "import-x/no-extraneous-dependencies": declaredOnly(),
      ...noDeepImports(),
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
          zones: [
            ...modules.map((m) => ({
              target: `./graph/src/modules/${m}`,
              from: modules.filter((o) => o !== m).map((o) => `./graph/src/modules/${o}/*.entity.ts`),
              message: "A module does not import another module's entities: call that module's service.",
            })),
            moduleLayerZone,
          ],
        },
      ],
    },
  },
  // The registry of modules obeys the module layer too (it is exempt above only from the entity zones).
  {
    files: ["graph/src/modules/index.ts"],
    rules: { "import-x/no-restricted-paths": ["error", { zones: [moduleLayerZone] }] },
  },
  // The kit (graph/src/kit/: the context, the route helper) sits below the modules: it imports the kernel only.
  {
    files: ["graph/src/kit/**/*.ts"],
    ignores: ["graph/src/**/*.test.ts", "graph/src/**/*.test-support.ts"],
    rules: {
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            {
              target: "./graph/src/kit",
              from: [
                "./graph/src/modules",
                "./graph/src/server",
                "./graph/src/app",
                "./graph/src/app.ts",
                "./graph/src/services.ts",
                "./graph/src/main.ts",
              ],
              message:
                "The kit imports no module, door or app code: a module adds its part to the kit by augmenting KitServices or KitLoaders.",
            },
          ],
        },
      ],
    },
  },
  // The doors (graph/src/server/) sit below the app: they take DoorServices (server/door-services.ts), never
  // the app's Services, and import nothing of main.ts, app.ts, services.ts or app/. Type imports count.
  {
    files: ["graph/src/server/**/*.ts"],
    ignores: ["graph/src/**/*.test.ts", "graph/src/**/*.test-support.ts"],
    rules: {
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            {
              target: "./graph/src/server",
              from: ["./graph/src/app", "./graph/src/app.ts", "./graph/src/services.ts", "./graph/src/main.ts"],
              message: "A door imports no app code: take DoorServices (server/door-services.ts), which the app's Services satisfies.",
            },
            {
              target: "./graph/src/server",
              from: "./graph/src/modules",
              except: ["./index.ts"],
              message: "A door takes modules from the registry (modules/index.ts) only, never a module's own files.",
            },
          ],
        },
      ],
    },
  },
  // Layers point one way (ARCHITECTURE.md principle 10): the kernel (config.ts, shared/, db/) imports no
  // module, no door and not the app; a migration imports nothing of the server outside db/migrations
  // (frozen: a later change to live code must not change what an old migration does). Type imports count.
  {
    files: ["graph/src/config.ts", "graph/src/shared/**/*.ts", "graph/src/db/**/*.ts"],
    // Tests may build fixtures from any module's entities.
    ignores: ["graph/src/**/*.test.ts", "graph/src/**/*.test-support.ts"],
    rules: {
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            {
              target: ["./graph/src/config.ts", "./graph/src/shared", "./graph/src/db"],
              from: [
                "./graph/src/kit",
                "./graph/src/modules",
                "./graph/src/server",
                "./graph/src/app",
                "./graph/src/app.ts",
                "./graph/src/services.ts",
                "./graph/src/main.ts",
              ],
              message: "The kernel imports no kit, module, door or app code: take it as a parameter or move the interface into the kernel.",
            },
            {
              target: "./graph/src/db/migrations",
              from: "./graph/src",
              except: ["./db/migrations"],
              message: "Migrations are frozen: copy what a migration needs into db/migrations (see db/migrations/frozen/).",
            },
          ],
        },
      ],
    },
  },
  {
    // The REST door's adapters and shapes (*.rest-adapters.ts, *.rest-shape.ts, rest-shapes.ts) are adapters too.
    files: [
      "graph/src/modules/**/*.resolver.ts",
      "graph/src/modules/**/*.rest.ts",
      "graph/src/modules/**/*.rest-*.ts",
      "graph/src/modules/**/rest-*.ts",
      "graph/src/server/**/*.ts",
    ],
    ignores: ["graph/src/**/*.test.ts"],
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
    files: [...testFiles, "bench/**", "scripts/**"],
    rules: { "@typescript-eslint/no-non-null-assertion": "off", "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    // The compiled server's entry (dist/server/main.js) is CommonJS: it runs before, and outside, the bundle.
    files: ["scripts/server-loader.cjs"],
    languageOptions: { sourceType: "commonjs", globals: { require: "readonly", __dirname: "readonly", process: "readonly" } },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
);
