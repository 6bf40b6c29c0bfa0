/** Notifications per page: the list shows this many, then "Show more" appends the next page. */
export const NOTIFICATIONS_PAGE = 20;
