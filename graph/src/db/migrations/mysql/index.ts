export const mysqlMigrations: Function[] = [];
