/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Address behind the footer's mail link; defaults to the one in lib/site.ts. */
  readonly VITE_CONTACT_EMAIL?: string;
}
