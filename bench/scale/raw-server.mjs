// The baseline door: a bare node:http server with a mysql2 pool that runs, for a request, the very
// statements the app ran for the same request (captured from MariaDB's general log by
// bench/scale.ts) one after another on one connection, and answers their rows as JSON.
//   node bench/scale/raw-server.mjs <database-url> <statements.json>
// Prints the port it listens on (127.0.0.1 only) as its first line.
import { readFileSync } from "node:fs";
import http from "node:http";
import { createPool } from "mysql2/promise";

const [url, file] = process.argv.slice(2);
/** scenario name -> variants -> statements */
const statements = JSON.parse(readFileSync(file, "utf8"));
const pool = createPool({ uri: url, connectionLimit: 20, timezone: "Z", charset: "utf8mb4_unicode_ci" });

const server = http.createServer(async (req, res) => {
  const m = /^\/r\/([^/]+)\/(\d+)$/.exec(req.url ?? "");
  const list = m && statements[decodeURIComponent(m[1])]?.[Number(m[2])];
  if (!list) {
    res.writeHead(404).end();
    return;
  }
  let conn;
  try {
    conn = await pool.getConnection();
    const results = [];
    for (const sql of list) {
      const [rows] = await conn.query(sql);
      results.push(rows);
    }
    const body = JSON.stringify({ data: results });
    res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) }).end(body);
  } catch (e) {
    res.writeHead(500, { "content-type": "text/plain" }).end(String(e));
  } finally {
    conn?.release();
  }
});
server.keepAliveTimeout = 30_000;
server.listen(0, "127.0.0.1", () => console.log(String(server.address().port)));
process.on("SIGTERM", () => server.close(() => pool.end().then(() => process.exit(0))));
