"""What a move link does: GET describes (no writes), POST acts once through the one move path.

Every outcome is a ``LinkPage`` the view renders, so the rules (signature first, then age,
then whose link it is, then first use, then version) live here and the view stays thin.

A link acts for its own seat's player.  Signed out, whoever holds it is taken to be the owner
of the mailbox it was sent to (as with any mail link); signed in as another account, the page
says whose link it is and shows nothing of that seat (its label names the seat's tiles).
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.db import IntegrityError, transaction

from games.models import GameStatus
from notifications import clock, links
from notifications.compose import game_context, quick_links
from notifications.gameplay import SOURCE_EMAIL, GameServiceError, Seat, load, moves_after, play, seat_user
from notifications.link_pages import LinkPage
from notifications.models import LinkOutcome, LinkUse

# A use still in progress after this never finished: the database died between recording it and
# the move (so its clean-up failed too).  It no longer blocks the link; a move takes milliseconds,
# and the move path's version check keeps a late original from playing twice.
PENDING_LEASE = timedelta(seconds=30)

# A pause stops a game for a while, so a link of a paused game is not spent by trying it.
PAUSED = ("This game is paused by its organizer: no moves are taken until it is resumed. "
          "This link works again then, as long as the game is still at this move.")
# The seat passed to another player (an organizer's replacement): its old player's links act no more.
NO_LONGER_YOURS = "This seat is no longer yours."
MOVED_ON = "Already resolved: the game has moved on since this mail."
# Not "moved on" of a game that ended: a walk's old link of a finished game left it to guess why.
GAME_OVER = "Already resolved: the game has ended since this mail."


# Others moved, the seat did not: the mail's question is still the seat's (a merger's second owner,
# whose links a walk found "Already resolved" once the first owner had answered).
STILL_OPEN = ("Another player has moved since this mail, so its links no longer apply. Your decision is still"
              " open: it is asked again below.")


def _stale(claim: links.MoveClaim, context: dict[str, Any]) -> LinkPage:
    """The page of a link whose position passed: the game ended, it moved on (with any fresh links),
    or others moved while the seat's own decision is still open."""
    game = context.get("game")
    if game is not None and game.status == GameStatus.FINISHED:
        return LinkPage("stale", GAME_OVER, claim.label, context=context)
    if context.get("fresh_links") and not moves_after(claim.game, claim.seat, claim.version).exists():
        return LinkPage("still_open", STILL_OPEN, claim.label, context=context)
    return LinkPage("stale", MOVED_ON, claim.label, context=context)


def _refused(error: Exception, status: int = 400) -> LinkPage:
    return LinkPage("refused", str(error), status=status)


def _read(token: str, now: datetime) -> links.MoveClaim | LinkPage:
    try:
        return links.read_move_token(token, now)
    except links.BadLink as error:
        return _refused(error)
    except links.ExpiredLink:
        return LinkPage("expired", "This link has expired: the time to answer it is over.", status=410)


def _abandoned(use: LinkUse, now: datetime) -> bool:
    return use.outcome == LinkOutcome.PENDING and use.created < now - PENDING_LEASE


def _not_yours(claim: links.MoveClaim, viewer: Any) -> LinkPage | None:
    """The page for someone signed in as an account not the link's; None if it is theirs or no one is signed in."""
    if viewer is None or viewer.pk == claim.user:
        return None
    seat = Seat.objects.filter(game_id=claim.game, index=claim.seat).only("display_name").first()
    owner = seat.display_name if seat and seat.display_name else "another player"
    return LinkPage(
        "not_yours",
        f"This link is for {owner}'s seat; you are signed in as {viewer.name}. Nothing was done.",
        status=403,
    )


def _used(token: str, now: datetime, claim: links.MoveClaim | None = None) -> LinkPage | None:
    prior = LinkUse.objects.filter(token_hash=links.token_hash(token)).first()
    if prior is None or _abandoned(prior, now):
        return None
    if prior.outcome == LinkOutcome.PENDING:
        return LinkPage("used", "This link is being used right now; reload in a moment.", prior.label)
    # The link opened again (from the mail, or Back): the way on is the seat's next decision, or the game.
    context = _position(claim, now)[0] if claim is not None else {}
    return LinkPage("used", prior.message or prior.get_outcome_display(), prior.label, context=context)


def _position(claim: links.MoveClaim, now: datetime) -> tuple[dict[str, Any], bool]:
    """The current position from the seat's view, fresh links if it still has a decision; and whether stale.

    After a move applied from a link the position is stale too: its fresh links are the seat's next
    decision (a purchase after a placement), offered on the "Done" page without a trip to the mail.
    """
    loaded = load(claim.game, claim.seat)
    user = seat_user(claim.game, claim.seat)
    if loaded is None or user is None or user.pk != claim.user:
        return {}, True
    context = game_context(loaded, claim.seat, user)
    prompt = loaded.prompt_for(claim.seat)
    stale = loaded.version != claim.version or prompt is None
    if not stale:  # the mail's question, so the page says what its answer is about ("Pass": on what?)
        context["asked"] = prompt.question
    if stale and prompt is not None:
        context["fresh_links"] = quick_links(loaded, claim.seat, user, prompt, now, loaded.due_at)
        context["question"] = prompt.question
    return context, stale


def inspect(token: str, viewer: Any = None, now: datetime | None = None) -> LinkPage:
    """The GET: say exactly what the POST would do, or why it would not; ``viewer`` is the signed-in user."""
    now = now or clock.now()
    claim = _read(token, now)
    if isinstance(claim, LinkPage):
        return claim
    not_yours = _not_yours(claim, viewer)
    if not_yours is not None:
        return not_yours
    used = _used(token, now, claim)
    if used is not None:
        return used
    user = seat_user(claim.game, claim.seat)
    if user is None or user.pk != claim.user:  # the seat passed on (an organizer's replacement): as the POST says
        return LinkPage("refused", NO_LONGER_YOURS, claim.label, status=403)
    context, stale = _position(claim, now)
    if stale:
        return _stale(claim, context)
    if context["game"].paused:  # the button could only be refused
        return LinkPage("paused", PAUSED, claim.label, context=context)
    return LinkPage("confirm", "", claim.label, context=context)


def _record_first_use(token: str, claim: links.MoveClaim, now: datetime) -> LinkUse | None:
    try:
        with transaction.atomic():
            return LinkUse.objects.create(
                token_hash=links.token_hash(token),
                purpose=links.MOVE,
                user_id=claim.user,
                game_id=claim.game,
                seat=claim.seat,
                version=claim.version,
                label=claim.label[:200],
            )
    except IntegrityError:  # a double click or a mail client's retry got there first, or a use that died
        return _take_over_abandoned(token, now)


def _take_over_abandoned(token: str, now: datetime) -> LinkUse | None:
    """The link's use if it was abandoned (``PENDING_LEASE``), now ours; a conditional update lets one taker in."""
    uses = LinkUse.objects.filter(token_hash=links.token_hash(token))
    if not uses.filter(outcome=LinkOutcome.PENDING, created__lt=now - PENDING_LEASE).update(created=now):
        return None
    return uses.first()


def act(token: str, viewer: Any = None, now: datetime | None = None) -> LinkPage:
    """The POST: record the first use, then submit the move; a second use shows the first's outcome.

    Another account's POST records nothing, so the link still works for its own player.
    """
    now = now or clock.now()
    claim = _read(token, now)
    if isinstance(claim, LinkPage):
        return claim
    not_yours = _not_yours(claim, viewer)
    if not_yours is not None:
        return not_yours
    use = _record_first_use(token, claim, now)
    if use is None:
        return _used(token, now, claim) or LinkPage("used", "This link was already used.")
    user = seat_user(claim.game, claim.seat)
    if user is None or user.pk != claim.user:
        _finish(use, LinkOutcome.REFUSED, NO_LONGER_YOURS)
        return LinkPage("refused", NO_LONGER_YOURS, claim.label, status=403)
    try:
        outcome = play(claim.game, claim.seat, claim.action, claim.version, SOURCE_EMAIL, user)
    except GameServiceError as error:
        context, _ = _position(claim, now)
        if context.get("game") is not None and context["game"].paused:
            use.delete()  # pressed on a page opened before the pause: refused, and the link still works after
            return LinkPage("paused", PAUSED, claim.label, status=409, context=context)
        _finish(use, LinkOutcome.REFUSED, error.message)
        return LinkPage("refused", error.message, claim.label, status=409)
    except Exception:
        use.delete()  # nothing was done: let the player try the link again
        raise
    if not outcome.applied:
        _finish(use, LinkOutcome.ALREADY, "Already resolved: the game had moved on, so nothing was done.")
        return _stale(claim, _position(claim, now)[0])
    _finish(use, LinkOutcome.APPLIED, f"Done: {claim.label}.")
    return LinkPage("applied", f"Done: {claim.label}.", claim.label, context=_position(claim, now)[0])


def _finish(use: LinkUse, outcome: str, message: str) -> None:
    use.outcome, use.message = outcome, message
    use.save(update_fields=["outcome", "message"])


def record_simple_use(
    token: str, purpose: str, user_id: int, label: str, message: str, game_id: int | None = None
) -> LinkUse | None:
    """Audit an unsubscribe or order-cancel link (idempotent actions: a repeat just finds the row)."""
    use, _ = LinkUse.objects.get_or_create(
        token_hash=links.token_hash(token),
        defaults={
            "purpose": purpose,
            "user_id": user_id,
            "game_id": game_id,
            "label": label[:200],
            "outcome": LinkOutcome.DONE,
            "message": message,
        },
    )
    return use
