/** Who is online now, as the profiles module reads it (the chat module keeps presence and fills the port). */
export interface Presence {
  /** Of `ids`, those online who let it show. */
  onlineAmong(ids: readonly string[]): Promise<Set<string>>;
}
