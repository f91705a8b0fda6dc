// OBS scene switching from the overlay (docs/web.md, "OBS scenes"): the table's public
// snapshot, the same phase event that drives the night music and the seat LEDs, picks a
// scene, and the page asks OBS for it over obs-websocket v5 (built into OBS 28+): Hello,
// Identify (with the SHA-256 challenge when OBS has a password), then SetCurrentProgramScene.
// Off unless the address names the socket (`obs=`) and at least one scene (`scene_KIND=`).
// It never draws anything: the overlay is on the stream. Its state is in window.obsState.
"use strict";

const ObsScenes = (() => {
  const KINDS = ["setup", "night", "day", "speech", "vote", "pause", "end"];
  const SPEECH_STEPS = new Set(["farewell", "speech", "short_speech", "muted_turn",
                                "tie_speech", "majority_speech"]);
  // A kind without a scene of its own shows the day scene; night and pause keep the
  // current scene (showing "day" at night or on a pause would be wrong).
  const FALLBACK = { setup: "day", speech: "day", vote: "day", end: "day" };
  const RETRY_MS = 2000;
  const CLOSE_AUTH_FAILED = 4009;  // WebSocketCloseCode::AuthenticationFailed
  const CLOSE_KICKED = 4011;  // SessionInvalidated: the producer kicked us; never come back

  /** Which moment of the game a public snapshot shows (docs/web.md lists them). */
  function kindOf(snapshot) {
    const view = snapshot && snapshot.view;
    if (!view) return null;
    if (view.timer && view.timer.paused) return "pause";
    if (view.phase === "night") return "night";
    if (view.phase === "finished") return "end";
    if (view.phase === "setup") return "setup";
    if (view.step === "vote" || view.step === "lift") return "vote";
    if (SPEECH_STEPS.has(view.step) && view.speaker != null) return "speech";
    return "day";
  }

  /** `obs`, `obs_password` and the scenes from the address; null when switching is off. */
  function options(params) {
    const url = params.get("obs");
    if (!url) return null;
    const scenes = {};
    for (const kind of KINDS) {
      const name = params.get(`scene_${kind}`);
      if (name) scenes[kind] = name;
    }
    if (!Object.keys(scenes).length) return null;
    return { url, password: params.get("obs_password") || "", scenes };
  }

  async function sha256Base64(text) {
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
    return btoa(String.fromCharCode(...new Uint8Array(digest)));
  }

  /** The Identify `authentication` string (obs-websocket v5, "Creating an authentication
   * string"): base64(sha256(base64(sha256(password + salt)) + challenge)). */
  async function authentication(password, challenge, salt) {
    return sha256Base64((await sha256Base64(password + salt)) + challenge);
  }

  function start(params) {
    const opts = options(params);
    const state = { on: !!opts, link: "off", scene: null, wanted: null, sent: [],
                    failed: [], problem: null };
    window.obsState = state;
    if (!opts) return { show() {} };
    let socket = null;
    let number = 0;

    function send(message) {
      socket.send(JSON.stringify(message));
    }

    function request() {
      if (state.link !== "identified" || state.wanted == null || state.wanted === state.scene) {
        return;
      }
      number += 1;
      state.scene = state.wanted;
      state.sent.push(state.scene);
      send({ op: 6, d: { requestType: "SetCurrentProgramScene", requestId: `scene-${number}`,
                         requestData: { sceneName: state.scene } } });
    }

    async function identify(hello) {
      const data = { rpcVersion: 1, eventSubscriptions: 0 };  // we want no events
      const auth = hello.authentication;
      if (auth) {
        if (!window.crypto || !crypto.subtle) {
          state.problem = "the page is not on https or localhost: the browser cannot answer "
            + "OBS's password challenge";
          state.link = "refused";
          socket.close();
          return;
        }
        data.authentication = await authentication(opts.password, auth.challenge, auth.salt);
      }
      send({ op: 1, d: data });
    }

    function connect() {
      state.link = "connecting";
      try {
        socket = new WebSocket(opts.url, "obswebsocket.json");
      } catch (e) {
        state.link = "refused";
        state.problem = `bad obs address ${opts.url}: ${e.message}`;
        return;
      }
      socket.onmessage = (event) => {
        let message;
        try {
          message = JSON.parse(event.data);
        } catch (e) {
          return;
        }
        if (message.op === 0) {
          identify(message.d || {}).catch((e) => {
            state.problem = `cannot answer OBS's Hello: ${e.message}`;
            socket.close();
          });
        }
        else if (message.op === 2) {
          state.link = "identified";
          state.problem = null;
          state.scene = null;  // OBS may have changed scenes while we were away: say it again
          request();
        } else if (message.op === 7 && message.d && message.d.requestStatus
                   && !message.d.requestStatus.result) {
          const status = message.d.requestStatus;
          state.failed.push(status.code);
          state.problem = `OBS refused the scene: ${status.code} ${status.comment || ""}`;
        }
      };
      socket.onclose = (event) => {
        if (state.link === "refused") return;
        if (event.code === CLOSE_AUTH_FAILED || event.code === CLOSE_KICKED) {
          state.link = "refused";
          state.problem = event.code === CLOSE_AUTH_FAILED
            ? "OBS refused the password (obs_password)" : "OBS closed this session";
          return;  // the same password would be refused again: reload the source to retry
        }
        state.link = "down";
        setTimeout(connect, RETRY_MS);
      };
    }

    connect();
    return {
      /** The overlay drew `snapshot`: ask OBS for its scene if it is not on already. */
      show(snapshot) {
        const kind = kindOf(snapshot);
        if (kind == null) return;
        const scene = opts.scenes[kind] || opts.scenes[FALLBACK[kind]];
        if (scene == null) return;
        state.wanted = scene;
        request();
      },
    };
  }

  return { start, kindOf };
})();
