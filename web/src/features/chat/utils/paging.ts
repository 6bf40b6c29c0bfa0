/** Chats per page of the chat list (the first page's variables also address its cached copy). */
export const CHATS_PAGE = 30;
