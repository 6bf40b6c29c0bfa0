import type { Plugin, PluginOption } from "vite";

export const PRERENDERED_FILE: string;
export function splitTitle(markup: string): { title: string | null; html: string };
export function prerenderPlugin(options: { entry: string; pages: string[]; plugins: () => PluginOption[] }): Plugin;
