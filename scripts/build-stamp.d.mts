import type { Plugin } from "vite";

export const STAMP_FILE: string;
export function newestMtime(target: string): number;
export function readStamp(dist: string): { nodeEnv: string; builtAt?: string } | null;
export function webBuildStaleReason(options: { dist: string; sources: string[]; nodeEnv: string }): string | null;
export function buildStampPlugin(): Plugin;
