"""Substitutes: a league's pool of volunteers, seats offered to it, and the first claim taking the seat.

A seat is offered when its player drops (the organizer, from the console) or has timed out
``Season.timeouts_before_offer`` times (by itself, in the timed-out move's transaction).  Every
volunteer not already at the table gets a signed "claim this seat" link (leagues.claim_links).
A claim locks the game row as a move does, then the offer: the first claim seats its volunteer
from the next move on (games.organizer_acts.hand_over_locked), every later one hears "already
taken".  The seat's parts (who played which moves) are games.seat_parts; the season's
``points_to`` says who scores them (``points_shares``).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from django.db import transaction
from django.utils import timezone

from accounts.models import User
from games import organizer_acts, services
from games.errors import GameServiceError, SetupError
from games.models import Action, ActionKind, ActionSource, Game, GameStatus, Seat, SeatChange
from games.seat_parts import seat_players
from leagues import claim_links
from leagues.models import League, PointsTo, SeatOffer, Substitute
from notifications.models import MailKind
from notifications.outbox import enqueue_with_payload

__all__ = ["AlreadyTaken", "claim", "offer_seat", "points_shares", "seat_players"]


class AlreadyTaken(GameServiceError):
    code = "already_taken"
    http_status = 409


@dataclass(frozen=True)
class ClaimOutcome:
    offer: SeatOffer
    message: str


# ---------------------------------------------------------------- the pool


def join_pool(league: League, user: User) -> bool:
    """Put ``user`` in the league's pool; False if they were in it already."""
    return Substitute.objects.get_or_create(league=league, user=user)[1]


def leave_pool(league: League, user: User) -> bool:
    """Take ``user`` out of the pool; False if they were not in it.  Seats already claimed stay theirs."""
    return Substitute.objects.filter(league=league, user=user).delete()[0] > 0


def in_pool(league: League, user: Any) -> bool:
    return bool(user and user.is_authenticated and Substitute.objects.filter(league=league, user=user).exists())


def league_of(game: Game) -> League | None:
    return League.objects.filter(seasons__divisions__league_games__game=game).first()


# ---------------------------------------------------------------- offering a seat


def offer_seat(game_id: int, seat: Any, by_user: User, reason: str) -> SeatOffer:
    """The organizer offers ``seat`` to the pool (the player dropped); an open offer of it is returned as it is."""
    reason = organizer_acts.clean_reason(reason)
    with transaction.atomic(durable=True):
        game = services.lock_game(game_id)
        if not organizer_acts.may_act(game, by_user):
            raise organizer_acts.NotAnOrganizer("Only the organizers of this game's league can offer its seats.")
        return offer_locked(game, _seat_index(game, seat), by_user, reason)


def offer_locked(game: Game, seat: int, by_user: User | None, reason: str) -> SeatOffer:
    """Inside the game row's lock: the open offer of ``seat``, made now (and mailed to the pool) if there was none."""
    if game.status != GameStatus.ACTIVE:
        raise SetupError("This game is not being played, so its seats cannot be offered.")
    league = league_of(game)
    if league is None:
        raise SetupError("This is not a league game, so it has no substitutes to offer the seat to.")
    offer = SeatOffer.objects.filter(game=game, seat=seat, claimed_by__isnull=True).first()
    if offer is not None:
        return offer
    offer = SeatOffer.objects.create(game=game, seat=seat, reason=reason, offered_by=by_user, created=timezone.now())
    _mail_pool(league, game, offer)
    return offer


def _mail_pool(league: League, game: Game, offer: SeatOffer) -> None:
    seated = set(Seat.objects.filter(game=game, user__isnull=False).values_list("user_id", flat=True))
    seat_name = Seat.objects.get(game=game, index=offer.seat).display_name
    for volunteer in Substitute.objects.filter(league=league).select_related("user"):
        if volunteer.user_id in seated:
            continue
        payload = {"league": league.name, "game_name": game.name, "seat_name": seat_name, "why": offer.reason,
                   "claim_url": claim_links.claim_url(offer, volunteer.user)}
        enqueue_with_payload(volunteer.user, MailKind.SEAT_OFFER, offer.pk, payload, game_id=game.pk, seat=offer.seat)


def _seat_index(game: Game, seat: Any) -> int:
    try:
        index = int(seat)
    except (TypeError, ValueError):
        index = -1
    if not 0 <= index < game.seat_count:
        raise SetupError("There is no such seat in this game.")
    return index


# ---------------------------------------------------------------- claiming


def claim(offer_id: int, user: User) -> ClaimOutcome:
    """``user`` (a volunteer) takes the offered seat; AlreadyTaken if someone was first, and nothing changes.

    The game row is locked first, as for a move, so the claim falls between two moves and two
    claims queue: the second finds the offer taken.
    """
    game_id = SeatOffer.objects.filter(pk=offer_id).values_list("game_id", flat=True).first()
    if game_id is None:
        raise SetupError("This seat offer does not exist any more.")
    with transaction.atomic(durable=True):
        game = services.lock_game(game_id)
        offer = SeatOffer.objects.select_for_update().get(pk=offer_id)
        if offer.claimed_by_id == user.pk:
            return ClaimOutcome(offer, "The seat is yours already.")
        if offer.is_taken:
            raise AlreadyTaken("Already taken: another substitute claimed this seat first.")
        league = league_of(game)
        if league is None or not Substitute.objects.filter(league=league, user=user).exists():
            raise SetupError("Only the league's substitutes can claim its seats.")
        organizer_acts.hand_over_locked(game, offer.seat, user)
        offer.claimed_by, offer.claimed_at = user, timezone.now()
        offer.save(update_fields=["claimed_by", "claimed_at"])
    return ClaimOutcome(offer, f"The seat is yours: you play it in {game.name} from move {game.version + 1} on.")


# ---------------------------------------------------------------- the timeout rule


def on_move_applied(sender: Any, game: Game, action: Any, source: str, **kwargs: Any) -> None:
    """After a timeout: offer the seat once its player has timed out the season's number of times."""
    if source != ActionSource.TIMEOUT:
        return
    from leagues.models import Season

    season = Season.objects.filter(divisions__league_games__game=game).first()
    if season is None or not season.timeouts_before_offer:
        return
    if timeouts_of_holder(game, action.seat) >= season.timeouts_before_offer:
        times = season.timeouts_before_offer
        offer_locked(game, action.seat, None, f"its player ran out of time {times} time{'' if times == 1 else 's'}.")


def timeouts_of_holder(game: Game, seat: int) -> int:
    """How many of ``seat``'s moves timed out since its current player took it."""
    since = (SeatChange.objects.filter(game=game, seat=seat).order_by("-after_version")
             .values_list("after_version", flat=True).first() or 0)
    return Action.objects.filter(game=game, seat=seat, seq__gt=since, source=ActionSource.TIMEOUT).count()


# ---------------------------------------------------------------- who scores a substituted seat


def points_shares(game: Game, seat: int, points_to: str) -> list[tuple[User | None, Fraction]]:
    """Each player's share of ``seat``'s points by the season's rule: all to the finisher, the starter, or split.

    Split shares by the seat's own moves each player made (a part with no moves gets nothing).
    """
    parts = seat_players(game, seat)
    if points_to == PointsTo.STARTER:
        return [(parts[0][0], Fraction(1))]
    if points_to != PointsTo.SPLIT or len(parts) == 1:
        return [(parts[-1][0], Fraction(1))]
    moves = [Action.objects.filter(game=game, seat=seat, kind=ActionKind.MOVE, seq__gte=first, seq__lte=last).count()
             for _, first, last in parts]
    total = sum(moves)
    if not total:
        return [(parts[-1][0], Fraction(1))]
    return [(user, Fraction(count, total)) for (user, _, _), count in zip(parts, moves, strict=True) if count]


def rating_shares(game: Game) -> dict[int, list[tuple[int, float]]] | None:
    """For ratings (ratings.seats): each seat's players by the share of its moves they made.

    None for a game whose seats never changed hands: the ratings' default (the seated users)
    is then right, and it costs no query here.
    """
    if not game.act_count or not SeatChange.objects.filter(game=game).exists():
        return None
    shares: dict[int, list[tuple[int, float]]] = {}
    for seat in range(game.seat_count):
        parts = points_shares(game, seat, PointsTo.SPLIT)
        shares[seat] = [(user.pk, float(share)) for user, share in parts if user is not None]
    return shares

