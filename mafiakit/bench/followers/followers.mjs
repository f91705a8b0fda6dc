// `mafiakit bench fans`: N followers of a tournament on the outside broker, in one Node
// process, each an MQTT.js client over WebSockets subscribed to what the followers' page
// (web/followers/) subscribes to. mafiakit/bench/fans.py starts one or more of these and talks
// to each over stdin/stdout, one JSON object a line:
//   out {"event": "connected", "followers": N}    every follower is subscribed
//   in  {"cmd": "report"}  ->  out {"event": "report", ...}   what they saw (below)
//   in  {"cmd": "quit"}    ->  every client closed, exit 0
// Latency of a public snapshot = the moment a follower has it (this machine's wall clock,
// performance.timeOrigin + performance.now()) minus its `sent_at` (the table's wall clock
// right after the journal commit; the same machine, so the same clock).
import mqtt from "mqtt";
import { createInterface } from "node:readline";
import { performance } from "node:perf_hooks";

const args = JSON.parse(process.argv[2]);
const { url, user, password, tournament, count, offset = 0, batch = 50, qos = 0 } = args;
const root = `mafia/v1/${tournament}`;
// The followers' page's subscriptions (web/followers/followers.js).
const TOPICS = [`${root}/tables/+/public`, `${root}/tables/+/status`, `${root}/hub/status`,
                `${root}/hub/public/players`, `${root}/hub/public/rounds/+`,
                `${root}/hub/public/club`, `${root}/bridge`];
const BUCKET_MS = 0.1; // latency histogram resolution

const seen = new Map();     // "table game seq" -> followers that had it live or retained
const histogram = new Map(); // bucket -> count (live public snapshots only)
const catchUps = [];         // a gap closed by a retained copy after a reconnect
let live = 0, duplicates = 0, reconnects = 0, subscribed = 0, refused = 0, garbage = 0;

function now() {
  return performance.timeOrigin + performance.now();
}

/** ISO 8601 with microseconds (Python's isoformat) -> milliseconds since the epoch. */
function parseTime(text) {
  const match = /\.(\d+)/.exec(text);
  const whole = Date.parse(text.replace(/\.\d+/, ""));
  return match ? whole + Number(`0.${match[1]}`) * 1000 : whole;
}

function say(object) {
  process.stdout.write(`${JSON.stringify(object)}\n`);
}

class Follower {
  constructor(index) {
    this.last = new Map(); // table -> {game, seq}
    this.ready = false;
    this.client = mqtt.connect(url, {
      username: user, password, clientId: `fan-${index}-${process.pid}`, clean: true,
      reconnectPeriod: 1000, connectTimeout: 30_000, keepalive: 60, protocolVersion: 4,
    });
    this.client.on("connect", () => {
      if (this.ready) reconnects += 1;
      this.client.subscribe(TOPICS, { qos }, (err, granted) => {
        if (err || granted.some((g) => g.qos > 2)) refused += 1;
        if (!this.ready) {
          this.ready = true;
          subscribed += 1;
          if (subscribed === count) say({ event: "connected", followers: count });
        }
      });
    });
    this.client.on("error", () => { refused += 1; });
    this.client.on("message", (topic, bytes, packet) => this.take(topic, bytes, packet));
  }

  take(topic, bytes, packet) {
    if (!topic.endsWith("/public") || bytes.length === 0) return;
    const at = now();
    let snap;
    try {
      snap = JSON.parse(bytes);
    } catch (e) {
      garbage += 1;
      return;
    }
    const { table, game_id: game, seq } = snap;
    const last = this.last.get(table);
    if (last && last.game === game && seq <= last.seq) {
      duplicates += 1;
      return;
    }
    if (packet.retain && last && (last.game !== game || seq > last.seq + 1)) {
      catchUps.push({ table, from_game: last.game, from_seq: last.seq, game, seq });
    }
    this.last.set(table, { game, seq });
    const key = `${table} ${game} ${seq}`;
    seen.set(key, (seen.get(key) || 0) + 1);
    if (!packet.retain) {
      live += 1;
      const bucket = Math.max(0, Math.round((at - parseTime(snap.sent_at)) / BUCKET_MS));
      histogram.set(bucket, (histogram.get(bucket) || 0) + 1);
    }
  }
}

const followers = [];
let next = 0;
function connectBatch() {
  // A few at a time, as people arrive: a broker is not asked to accept thousands at once.
  for (let i = 0; i < batch && next < count; i += 1, next += 1) {
    followers.push(new Follower(offset + next));
  }
  if (next < count) setTimeout(connectBatch, 20);
}
connectBatch();

const input = createInterface({ input: process.stdin });
input.on("line", (line) => {
  const { cmd } = JSON.parse(line);
  if (cmd === "report") {
    say({
      event: "report", followers: count, subscribed, live, duplicates, reconnects, refused,
      garbage, bucket_ms: BUCKET_MS, histogram: [...histogram.entries()],
      seen: [...seen.entries()], catch_ups: catchUps,
    });
  } else if (cmd === "quit") {
    let open = followers.length;
    if (!open) process.exit(0);
    for (const f of followers) {
      f.client.end(true, {}, () => {
        open -= 1;
        if (!open) process.exit(0);
      });
    }
    setTimeout(() => process.exit(0), 10_000).unref();
  }
});
input.on("close", () => process.exit(0));
