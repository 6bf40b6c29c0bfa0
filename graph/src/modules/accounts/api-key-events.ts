/** The realtime payload of API_KEYS_REVOKED (shared/pubsub.ts): which of the owner's keys stopped working. */
export interface ApiKeysRevoked {
  /** The keys revoked; null: every key of the owner (deleted, or suspended). */
  keyIds: string[] | null;
}

declare module "../../shared/pubsub.js" {
  interface AddressedTopics {
    /** id = the keys' owner. Sockets opened with those keys close (server/api-key-door.ts). */
    API_KEYS_REVOKED: ApiKeysRevoked;
  }
}
