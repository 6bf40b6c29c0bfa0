export const sqliteMigrations: Function[] = [];
