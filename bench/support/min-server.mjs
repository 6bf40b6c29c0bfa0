// The cold-start baseline: node:http + mysql2 and nothing else. Answers any POST with the
// `{ __typename }` result after a `SELECT 1`, and GET /healthz the same way.
import http from "node:http";
import { createPool } from "mysql2/promise";

const pool = createPool({ uri: process.env.DATABASE_URL, connectionLimit: 4 });
http
  .createServer(async (req, res) => {
    try {
      await pool.query("SELECT 1");
      res.setHeader("content-type", "application/json");
      res.end(req.method === "POST" ? '{"data":{"__typename":"Query"}}' : '{"status":"ok"}');
    } catch {
      res.statusCode = 503;
      res.end();
    }
  })
  .listen(Number(process.env.PORT), "127.0.0.1");
process.once("SIGTERM", () => pool.end().then(() => process.exit(0)));
