// The kit's pages meet the broker here: URL parameters, the login, the MQTT link, topic
// names, words (from common/words.js, loaded before this file).
// Same contract as bus/topics.py (docs/mqtt.md); pages only read retained state, so a reload
// or a broker restart shows the right picture again as soon as the link is back.
"use strict";

const Live = (() => {
  const params = new URLSearchParams(window.location.search);

  // -- the login: never in the address (issue 24) ---------------------------------------------
  // An account's password typed once in the login form (or, for an OBS browser source, given
  // once in the address's #fragment) is kept in this browser's storage for this page and
  // table, and taken out of the address at once: a password in an address stays in the
  // history, the bookmarks, a photo of the screen. A password in the query is never used.

  function storageKey(here, tournament, table) {
    return `mafiakit.login:${here.pathname}:${tournament}:${table}`;
  }

  function stored(key) {
    try {
      const login = JSON.parse(localStorage.getItem(key) || "null");
      return login && typeof login.user === "string" && typeof login.password === "string"
        ? login : null;
    } catch (e) {
      return null;
    }
  }

  /** The address without `names` in its query and its fragment (history.replaceState). */
  function strip(names) {
    const url = new URL(window.location.href);
    const hash = new URLSearchParams(url.hash.slice(1));
    for (const name of names) {
      url.searchParams.delete(name);
      hash.delete(name);
    }
    url.hash = hash.toString();
    window.history.replaceState(window.history.state, "", url.toString());
  }

  /** The page's options: broker address, account, tournament, table, language. */
  function options() {
    const here = window.location;
    const scheme = here.protocol === "https:" ? "wss:" : "ws:";
    const tournament = params.get("tournament") || "";
    const table = params.get("table") || "";
    const key = storageKey(here, tournament, table);
    const fragment = new URLSearchParams(here.hash.slice(1));
    let login = stored(key);
    if (fragment.has("password")) {  // an OBS browser source's way: kept, then taken out
      login = { user: fragment.get("user") || params.get("user") || "",
                password: fragment.get("password") };
      localStorage.setItem(key, JSON.stringify(login));
    }
    const inAddress = params.has("password");
    if (inAddress || fragment.has("password") || fragment.has("user")) {
      strip(["password", ...(fragment.has("password") ? ["user"] : [])]);
    }
    return {
      broker: params.get("broker") || `${scheme}//${here.host}`,
      user: (login && login.user) || params.get("user") || undefined,
      password: (login && login.password) || undefined,
      tournament,
      table,
      lang: params.get("lang") === "en" ? "en" : "ru",
      loginKey: key,
      passwordInAddress: inAddress,
    };
  }

  // A login given in the fragment of the page already open (the address edited in place):
  // take it as a fresh start would.
  window.addEventListener("hashchange", () => {
    if (new URLSearchParams(window.location.hash.slice(1)).has("password")) {
      window.location.reload();
    }
  });

  /** Forget this page's login on this device (the judge's and the player's "log out"). */
  function forget(opts) {
    localStorage.removeItem(opts.loginKey);
    window.location.reload();
  }

  /** The login form, over the page: shown when the broker refused the account (or a
   *  password came in the address). Kept in this browser's storage, then the page reloads. */
  function askLogin(opts) {
    if (document.getElementById("login")) return;
    const W = words(opts.lang);
    const form = document.createElement("form");
    form.id = "login";
    form.setAttribute("style", "position:fixed;left:50%;top:50%;transform:translate(-50%,-50%);"
      + "z-index:10;display:grid;gap:10px;width:min(340px,90vw);padding:18px;border-radius:12px;"
      + "background:#1b2028;color:#eceff3;font:16px 'DejaVu Sans',Arial,sans-serif;"
      + "box-shadow:0 4px 24px rgba(0,0,0,.5)");
    const title = document.createElement("strong");
    title.textContent = W("login.title");
    const note = document.createElement("div");
    note.id = "login-note";
    note.textContent = W(opts.passwordInAddress ? "login.password_in_address" : "login.why");
    form.append(title, note);
    for (const [name, type, value] of [["user", "text", opts.user || ""],
                                       ["password", "password", ""]]) {
      const label = document.createElement("label");
      label.textContent = W(name === "user" ? "login.account" : "login.password");
      const input = document.createElement("input");
      Object.assign(input, { id: `login-${name}`, name, type, value, required: true,
                             autocomplete: name === "user" ? "username" : "current-password" });
      input.setAttribute("autocapitalize", "off");
      input.setAttribute("style", "display:block;width:100%;margin-top:4px;font:inherit;"
        + "padding:8px;border-radius:8px;border:1px solid #3d4757;background:#0d1014;color:inherit");
      label.append(input);
      form.append(label);
    }
    const button = document.createElement("button");
    button.type = "submit";
    button.id = "login-go";
    button.textContent = W("login.go");
    button.setAttribute("style", "font:inherit;color:inherit;min-height:40px;border-radius:8px;"
      + "background:#2f5d9e;border:1px solid #3b70bb");
    form.append(button);
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      localStorage.setItem(opts.loginKey, JSON.stringify({
        user: form.elements.user.value.trim(), password: form.elements.password.value }));
      window.location.reload();
    });
    document.body.append(form);
  }

  function tableTopic(opts, kind) {
    return `mafia/v1/${opts.tournament}/tables/${opts.table}/${kind}`;
  }

  /** A hub topic (bus/topics.py hub_topic): `judge/state`, `decide`, `public/players` ... */
  function hubTopic(opts, name) {
    return `mafia/v1/${opts.tournament}/hub/${name}`;
  }

  /** Publish one JSON payload, QoS 1, never retained (requests are not state). */
  function publish(client, topic, payload) {
    client.publish(topic, JSON.stringify(payload), { qos: 1, retain: false });
  }

  /** A fresh request id (bus.payloads Id: letters, digits, `_.:-`), unique per page. */
  function requestId(prefix) {
    const random = Math.random().toString(36).slice(2, 10);
    return `${prefix}-${Date.now().toString(36)}-${random}`;
  }

  /**
   * Connect and subscribe; `onMessage(kind, payload|null, topic, retained)` gets the last
   * topic level and the parsed JSON (null for an empty retained payload, i.e. a cleared
   * topic; garbage is ignored), and whether the broker kept it from before (a retained copy:
   * docs/clock.md counts its age from the table's clock, not from its arrival).
   * `onLink(up, why)` reports the browser's own link to the broker (`why` = "refused" when
   * the broker turned the account down). `more.qos`: the subscriptions' QoS (default 1);
   * `more.onText(topic, text)`: every message as text first (a topic that is not JSON).
   */
  function connect(opts, topics, onMessage, onLink, more = {}) {
    if (opts.passwordInAddress) askLogin(opts);
    const client = mqtt.connect(opts.broker, {
      username: opts.user,
      password: opts.password,
      clientId: `page-${Math.random().toString(16).slice(2, 10)}`,
      reconnectPeriod: 1000,
      connectTimeout: 5000,
      clean: true,
    });
    client.on("connect", () => {
      onLink(true);
      client.subscribe(topics, { qos: more.qos == null ? 1 : more.qos });
    });
    client.on("close", () => onLink(false));
    client.on("offline", () => onLink(false));
    client.on("error", (err) => {
      // CONNACK 4/5 (MQTT 3.1.1) or 134/135 (MQTT 5): the account or its password is wrong.
      const refused = err && [4, 5, 134, 135].includes(err.code);
      onLink(false, refused ? "refused" : undefined);
      if (refused) {  // the same account again and again helps nobody: ask for one
        client.end(true);
        askLogin(opts);
      }
    });
    client.on("message", (topic, bytes, packet) => {
      const retained = !!(packet && packet.retain);
      const kind = topic.split("/").pop();
      if (Array.isArray(window.liveRecord)) {  // the browser tests' record of what arrived
        window.liveRecord.push([topic, new TextDecoder().decode(bytes)]);
      }
      if (more.onText && more.onText(topic, new TextDecoder().decode(bytes))) return;
      if (bytes.length === 0) {
        onMessage(kind, null, topic, retained);
        return;
      }
      let payload;
      try {
        payload = JSON.parse(new TextDecoder().decode(bytes));
      } catch (e) {
        return; // not ours: a page never trusts or shows garbage
      }
      if (payload && typeof payload === "object") onMessage(kind, payload, topic, retained);
    });
    return client;
  }

  // -- words: the kit's one catalogue (common/words.js, which `mafiakit words --js` writes
  // from words/, docs/architecture.md "One word catalogue") ------------------------------------
  const warned = new Set();

  /**
   * The page's words: `W(key, values)` is the catalogue's text for `key` in `lang` with its
   * {placeholders} filled from `values`. A key without a word in `lang` shows the English
   * one; a key the catalogue lacks altogether shows its last part in plain words ("vote
   * cancelled"), never the key itself; either way the console says so once (the browser tests
   * fail on that warning).
   */
  function words(lang) {
    const book = WordCatalogue[lang] || WordCatalogue.ru;
    const say = (key, values) => {
      let text = book[key];
      if (text == null) {
        text = WordCatalogue.en[key];
        if (!warned.has(key)) {
          warned.add(key);
          console.warn(`mafiakit: no word for "${key}" in "${lang}"`);
        }
        if (text == null) text = String(key).split(".").pop().replace(/_/g, " ");
      }
      return fill(text, values || {});
    };
    /** Whether the catalogue has a word for `key` (a hub's alert of a kind this page lacks). */
    say.has = (key) => key in book || key in WordCatalogue.en;
    return say;
  }

  /** `text` with a capital first letter: a vocabulary word as a title ("Голосование"). */
  function cap(text) {
    return text ? text[0].toUpperCase() + text.slice(1) : text;
  }

  /** Every element of the page's own markup that names its word (`data-word="head.why"`)
   * gets that word. */
  function label(W) {
    for (const node of document.querySelectorAll("[data-word]")) {
      node.textContent = W(node.dataset.word);
    }
  }

  /** Where a table's game is, in one line: "День 2 · Голосование" (a night says no more). */
  function moment(view, W) {
    const phase = cap(W(`phase.${view.phase}`));
    const head = view.phase === "night" || view.phase === "day" ? `${phase} ${view.number}` : phase;
    const step = view.phase === "night" ? "" : cap(W(`step.${view.step}`));
    return step && step !== head ? `${head} · ${step}` : head;
  }

  /** The page's own clock in milliseconds: `performance.now()`, which no setting of the
   * device's date moves (docs/clock.md: only its steps count, never its reading). */
  function now() {
    return performance.now();
  }

  /**
   * One table's clock as the page reads it (docs/clock.md). A table stamps its snapshots and
   * heartbeats with `uptime_s`, its own monotonic clock; `heard` keeps the latest live reading
   * (a heartbeat or a live snapshot) and `builtAt` turns a stamp into the page's clock: when
   * the table built that message, never later than its arrival. Without a reading yet, a
   * message counts from its arrival.
   */
  function tableClock() {
    let reading = null;
    return {
      heard(uptime, atMs) {
        if (typeof uptime === "number") reading = { uptime, at: atMs };
      },
      builtAt(uptime, receivedMs) {
        if (!reading || typeof uptime !== "number") return receivedMs;
        return Math.min(receivedMs, reading.at - (reading.uptime - uptime) * 1000);
      },
    };
  }

  /** Seconds left on a snapshot's timer at `nowMs` (the page's clock), the snapshot built at
   * `builtAtMs`: the table sends what is left, the page counts on (as every screen does).
   * A running timer of unknown age (`builtAtMs` null: a retained copy before the next
   * reading of the table's clock) is null, not shown, rather than shown wrong. */
  function secondsLeft(snapshot, builtAtMs, nowMs) {
    const timer = snapshot && snapshot.view && snapshot.view.timer;
    if (!timer) return null;
    if (timer.paused !== false || timer.remaining == null) {
      return timer.remaining != null ? timer.remaining : timer.seconds;
    }
    if (builtAtMs == null) return null;
    return Math.max(0, timer.remaining - Math.max(0, nowMs - builtAtMs) / 1000);
  }

  /** Roles of a finished game from its protocol's `roles` action: {seat: role}. */
  function rolesOf(protocol) {
    const roles = {};
    const line = (protocol.actions || []).find((a) => a && a.action === "roles");
    if (!line) return roles;
    const seats = ((protocol.header && protocol.header.players) || []).length || 10;
    for (let seat = 1; seat <= seats; seat += 1) roles[seat] = "citizen";
    for (const seat of line.mafia || []) roles[seat] = "mafia";
    if (line.don) roles[line.don] = "don";
    if (line.sheriff) roles[line.sheriff] = "sheriff";
    return roles;
  }

  /** A new element with a class and a text (either may be left out). */
  function el(tag, cls, text) {
    const node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text != null) node.textContent = text;
    return node;
  }

  /** `text` with every `{key}` replaced by `values[key]` (missing: nothing). */
  function fill(text, values) {
    return text.replace(/\{(\w+)\}/g, (_, key) => (values[key] != null ? values[key] : ""));
  }

  return { options, tableTopic, hubTopic, publish, requestId, connect, words, cap, label,
           moment, now, tableClock, secondsLeft, rolesOf, el, fill, forget, askLogin };
})();
