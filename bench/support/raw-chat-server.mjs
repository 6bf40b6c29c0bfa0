// The realtime baseline: node:http + ws + mysql2 (+ ioredis across instances) and nothing else.
// POST /send writes what the app's sendMessage writes (the chat row's counter and preview, the
// message row, in one READ COMMITTED transaction) and pushes the same graphql-ws `next` frame
// to the chat's subscribers. /ws speaks just enough of the graphql-transport-ws protocol for the
// graphql-ws client the benchmark uses on both servers (so the clients cost the same for both):
// connection_init is acknowledged, a `subscribe` whose variables name a chat subscribes to it,
// ping gets pong, complete ends it. No auth, no GraphQL.
import { randomUUID } from "node:crypto";
import http from "node:http";
import { createPool } from "mysql2/promise";
import { WebSocketServer } from "ws";

const pool = createPool({ uri: process.env.DATABASE_URL, connectionLimit: 20, timezone: "Z" });
const subscribers = new Map(); // chatId -> Set<{ ws, id }>
let redis;
if (process.env.REDIS_URL) {
  const { Redis } = await import("ioredis");
  redis = { pub: new Redis(process.env.REDIS_URL), sub: new Redis(process.env.REDIS_URL) };
  redis.sub.on("message", (channel, message) => deliver(channel.slice(5), message));
}

/** `payload`: the `next` message's payload as JSON, framed for each subscription's own id. */
function deliver(chatId, payload) {
  for (const sub of subscribers.get(chatId) ?? []) sub.ws.send(`{"id":${sub.idJson},"type":"next","payload":${payload}}`);
}

async function send({ chatId, from, body, clientId }) {
  const conn = await pool.getConnection();
  let row;
  try {
    await conn.query("SET TRANSACTION ISOLATION LEVEL READ COMMITTED");
    await conn.query("START TRANSACTION");
    const now = new Date();
    const [res] = await conn.execute(
      "UPDATE chats SET messageCount = messageCount + 1, lastActivityAt = ?, lastMessagePreview = ?, lastMessageSenderId = ? WHERE id = ? AND status = 'in_progress'",
      [now, body.slice(0, 140), from, chatId],
    );
    if (!res.affectedRows) throw new Error("chat not in progress");
    const [[chat]] = await conn.execute("SELECT messageCount, requesterId, receiverId FROM chats WHERE id = ?", [chatId]);
    row = {
      id: randomUUID(),
      seq: chat.messageCount,
      fromUserId: from,
      toUserId: chat.requesterId === from ? chat.receiverId : chat.requesterId,
    };
    await conn.execute("INSERT INTO chat_messages (id, chatId, seq, senderId, receiverId, body, createdAt) VALUES (?, ?, ?, ?, ?, ?, ?)", [
      row.id,
      chatId,
      row.seq,
      from,
      row.toUserId,
      body,
      now,
    ]);
    await conn.query("COMMIT");
  } catch (e) {
    await conn.query("ROLLBACK");
    throw e;
  } finally {
    conn.release();
  }
  const payload = JSON.stringify({ data: { messageAdded: { ...row, body, clientId: clientId ?? null } } });
  if (redis) await redis.pub.publish(`chat:${chatId}`, payload);
  else deliver(chatId, payload);
  return row;
}

const server = http.createServer((req, res) => {
  if (req.url === "/healthz") {
    pool.query("SELECT 1").then(
      () => res.end('{"status":"ok"}'),
      () => ((res.statusCode = 503), res.end()),
    );
    return;
  }
  if (req.method !== "POST" || req.url !== "/send") return void ((res.statusCode = 404), res.end());
  let data = "";
  req.on("data", (c) => (data += c));
  req.on("end", () => {
    send(JSON.parse(data)).then(
      (row) => res.end(JSON.stringify(row)),
      (e) => ((res.statusCode = 500), res.end(String(e))),
    );
  });
});

const wss = new WebSocketServer({ server, path: "/ws" });
wss.on("connection", (ws) => {
  const mine = new Map(); // subscription id -> [chat's set, entry]
  ws.on("message", (data) => {
    let msg;
    try {
      msg = JSON.parse(String(data));
    } catch {
      return void ws.close(4400, "Invalid message");
    }
    if (msg.type === "connection_init") ws.send('{"type":"connection_ack"}');
    else if (msg.type === "ping") ws.send('{"type":"pong"}');
    else if (msg.type === "complete") {
      const [set, sub] = mine.get(msg.id) ?? [];
      set?.delete(sub);
      mine.delete(msg.id);
    } else if (msg.type === "subscribe") {
      const chatId = msg.payload?.variables?.chatId;
      let set = subscribers.get(chatId);
      if (!set) {
        subscribers.set(chatId, (set = new Set()));
        // Listening at once; events published before Redis acknowledges are missed, as the app's
        // would be (the benchmark warms every subscription up before it measures).
        redis?.sub.subscribe(`chat:${chatId}`).catch((e) => console.error(`subscribe chat:${chatId} failed`, e));
      }
      const sub = { ws, idJson: JSON.stringify(msg.id) };
      set.add(sub);
      mine.set(msg.id, [set, sub]);
    }
  });
  ws.on("close", () => {
    for (const [set, sub] of mine.values()) set.delete(sub);
  });
});

server.listen(Number(process.env.PORT), "127.0.0.1");
process.once("SIGTERM", () => {
  for (const ws of wss.clients) ws.terminate();
  server.close();
  Promise.allSettled([pool.end(), redis?.pub.quit(), redis?.sub.quit()]).then(() => process.exit(0));
});
