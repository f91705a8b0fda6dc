"""The head judge's desk at the hub: decision requests from his page (`hub/decide/{account}`,
checked and recorded by hub/remote.py), their answers on `hub/judge/reply` (sent only once
their batch is committed), and decisions `mafiakit hub decide` wrote from another process.
"""

from __future__ import annotations

from bus import topics
from bus.payloads import DecisionReply
from hub.context import HubContext
from hub.remote import RemoteDesk


class Desk:
    """Decisions in, answers out."""

    def __init__(self, ctx: HubContext, remote: RemoteDesk) -> None:
        self.ctx, self.remote = ctx, remote
        self._replies: list[DecisionReply] = []  # sent after their batch commits
        self._seen = 0  # the last decision the pages know of

    def request(self, topic: str, raw: bytes, account: str, *, retained: bool) -> None:
        """A message on `hub/decide/{account}`."""
        if not raw:
            return  # a retained request cleared (by this hub, below)
        if retained:
            self._retained_request(topic, raw)
        else:
            self._decide(topic, raw, account)

    def _retained_request(self, topic: str, raw: bytes) -> None:
        """A decision request the broker kept (someone published it retained): only a head
        judge acting now is answered, so it is refused, kept in the quarantine and cleared
        from the broker (the hub may write `hub/#`)."""
        self.ctx.quarantine(topic, raw, "a retained decision request: only a head judge's "
                                        "live request is taken; the retained copy is cleared")
        if self.ctx.bus is not None:
            self.ctx.bus.publish(topic, b"", qos=1, retain=True)

    def _decide(self, topic: str, raw: bytes, account: str) -> None:
        """A head judge's page asks for a decision (hub/remote.py); answer on judge/reply.
        `account` is the topic's last level, which the broker's ACL ties to the login."""
        reply = self.remote.decide(raw, account)
        if reply is None:
            self.ctx.quarantine(topic, raw, "a decision request without a request id to answer")
            return
        self._replies.append(reply)
        self.ctx.dirty = True

    def forget_replies(self) -> None:
        """The batch was refused by the store: nothing of it was recorded, no answer yet."""
        self._replies.clear()

    def send_replies(self) -> None:
        """The head judge's answers, sent only once their batch is committed: "recorded"
        must never reach the page for a decision a crash could still lose."""
        replies, self._replies = self._replies, []
        if self.ctx.bus is not None:
            for reply in replies:
                self.ctx.bus.publish(topics.judge_reply_topic(self.ctx.tournament), reply)

    def follow_store(self) -> None:
        """Decisions written since (`mafiakit hub decide`, another process): pages due."""
        latest = self.ctx.store.decisions(self._seen)
        if latest:
            self._seen = latest[-1][0]
            self.ctx.dirty = True
