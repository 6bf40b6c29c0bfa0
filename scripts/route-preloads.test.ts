import { describe, expect, it } from "vitest";
import { routeFiles } from "./route-preloads.mjs";

const manifest = {
  "index.html": { file: "assets/app-1.js", src: "index.html", isEntry: true, imports: ["_react.js"], css: ["assets/app-1.css"] },
  "_react.js": { file: "assets/react-1.js" },
  "_Field.js": { file: "assets/Field-1.js", css: ["assets/Field-1.css"], imports: ["_react.js"] },
  "src/app/routes/login.tsx": { file: "assets/login-1.js", imports: ["_Field.js", "_react.js"], css: ["assets/login-1.css"] },
  "src/app/routes/register.tsx": { file: "assets/register-1.js", imports: ["_Field.js"] },
};

describe("route preloads", () => {
  it("lists a route's chunks and stylesheets beyond what index.html already loads, each once", () => {
    expect(routeFiles(manifest, ["src/app/routes/login.tsx"])).toEqual([
      "/assets/login-1.js",
      "/assets/login-1.css",
      "/assets/Field-1.js",
      "/assets/Field-1.css",
    ]);
    expect(routeFiles(manifest, ["src/app/routes/login.tsx", "src/app/routes/register.tsx"])).toEqual([
      "/assets/login-1.js",
      "/assets/login-1.css",
      "/assets/Field-1.js",
      "/assets/Field-1.css",
      "/assets/register-1.js",
    ]);
  });

  it("refuses a module the build does not have (a renamed page would silently lose its preloads)", () => {
    expect(() => routeFiles(manifest, ["src/app/routes/gone.tsx"])).toThrow(/not in the build's manifest/);
  });
});
