import type { Plugin } from "vite";

export const PRELOADS_FILE: string;
export function routeFiles(
  manifest: Record<string, { file: string; src?: string; css?: string[]; imports?: string[]; isEntry?: boolean }>,
  modules: string[],
): string[];
export function routePreloadsPlugin(routes: Record<string, string[]>): Plugin;
