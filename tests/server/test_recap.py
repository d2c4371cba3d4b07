"""The evening's recap image, `GET /r/{code}/recap.svg`, over HTTP beside real sockets: from the
room's first moment (its players and the game being got ready), after a game of Peanut Club and
one of Peanuts! (each game's winners as its placings give them, Peanut Club's awards, the
standings and the champion as the view's `evening` gives them) and a game the host ended; names
typed as markup stay text; French by `?lang=fr` and by Accept-Language; an unknown room is
`unknown_room`. The image holds no token and no address."""

from __future__ import annotations

import asyncio
import xml.etree.ElementTree as ET
from typing import Any

import httpx

from peanutclub.server.recap import recap_of

from .harness import Client, RunningServer, join, run, watch
from .players import FAST

#: A Peanuts! game of a round or two between bots.
QUICK_RACE = {"target_score": 5, "between_rounds_seconds": 0.05, "countdown_seconds": 0.05}
SVG = "{http://www.w3.org/2000/svg}"
#: Names typed as markup, with an ampersand and both quotes: they must come back as text.
MARKUP = "<script>&\"'"


def recap(server: RunningServer, code: str, **params: str) -> ET.Element:
    """The recap image of room `code`, parsed (so it is well-formed XML), after checking it
    is served as an SVG."""
    headers = (
        {"accept-language": params.pop("accept_language")} if "accept_language" in params else {}
    )
    response = httpx.get(f"{server.base}/r/{code}/recap.svg", params=params, headers=headers)
    assert response.status_code == 200, response.text
    assert response.headers["content-type"].startswith("image/svg+xml")
    return ET.fromstring(response.text)


def texts(svg: ET.Element, key: str | None = None) -> list[str]:
    """The image's lines of text, top to bottom, those marked `key` only when given."""
    return [t.text or "" for t in svg.iter(f"{SVG}text") if key is None or t.get("data-key") == key]


def points(n: float, french: bool = False) -> str:
    one = n <= 1 if french else n == 1
    shown = f"{n:g}".replace(".", ",") if french else f"{n:g}"
    return f"{shown} {'pt' if one else 'pts'}"


async def to_the_end(tv: Client, seats: int) -> dict[str, Any]:
    """The host starts the game on the table, hands every (away) seat to a bot and waits for
    the end: the last view."""
    await tv.send(type="start")
    await tv.until(lambda m: m["type"] == "state" and m["state"]["phase"] != "lobby")
    for seat in range(seats):
        await tv.send(type="add_bot", level="normal", seat=seat)
    await tv.until(lambda m: m["type"] == "state" and m["state"]["phase"] == "over", timeout=60)
    assert tv.view is not None
    return tv.view


def test_before_any_game_the_recap_shows_the_room_its_players_and_the_game_being_readied(
    dev_server: RunningServer,
) -> None:
    async def body() -> None:
        room = dev_server.create_room(seed=3, **FAST)
        code = room["code"]
        tv = await watch(dev_server, code, room["host_token"])
        players = [await join(dev_server, code, name) for name in ("Ana", MARKUP, "Zoé")]
        raw = httpx.get(f"{dev_server.base}/r/{code}/recap.svg").text
        svg = ET.fromstring(raw)
        assert texts(svg, "title") == ["The night so far"]
        assert texts(svg, "room") == [f"Room {code}"]
        assert texts(svg, "now") == ["Getting ready: Peanut Club"]
        assert texts(svg, "seat") == ["Ana", MARKUP, "Zoé"]  # typed markup is text
        assert "<script>" not in raw and "&lt;script&gt;&amp;" in raw
        assert texts(svg, "game") == [] and texts(svg, "champion") == []
        secrets = [room["host_token"], *(p.token for p in players)]
        assert not [s for s in secrets if s and s in raw]  # no token of any kind
        assert "127.0.0.1" not in raw and "http" not in raw.replace(SVG[1:-1], "")
        french = recap(dev_server, code, lang="fr")
        assert texts(french, "title") == ["La soirée jusqu'ici"]
        assert texts(french, "now") == ["On se prépare : Peanut Club"]
        asked = recap(dev_server, code, accept_language="fr-FR,fr;q=0.9,en;q=0.5")
        assert texts(asked, "room") == [f"Salle {code}"]
        chosen = recap(dev_server, code, lang="en", accept_language="fr")  # ?lang= wins
        assert texts(chosen, "title") == ["The night so far"]
        await asyncio.gather(*(c.ws.close() for c in [tv, *players]))

    run(body(), timeout=30)


def test_after_peanut_club_and_peanuts_the_recap_tells_winners_awards_standings_and_champion(
    dev_server: RunningServer,
) -> None:
    async def body() -> None:
        room = dev_server.create_room(seed=7, **FAST)
        code = room["code"]
        tv = await watch(dev_server, code, room["host_token"])
        names = ["Ana", MARKUP, "Cy"]
        players = [await join(dev_server, code, name) for name in names]
        for p in players:  # the phones go: bots play their seats
            await p.ws.close()
        first = await to_the_end(tv, 3)
        awards = first["awards"]
        await tv.send(type="switch_game", game="peanuts")
        await tv.until(lambda m: m["type"] == "state" and m["state"]["game"] == "peanuts")
        await tv.send(type="settings", **QUICK_RACE, ref="quick")  # development mode's bounds
        await tv.until(lambda m: m.get("ref") == "quick")
        second = await to_the_end(tv, 3)
        await tv.send(type="switch_game", game="nur-peanuts")
        await tv.until(lambda m: m["type"] == "state" and m["state"]["game"] == "nur-peanuts")
        await tv.send(type="start")
        await tv.until(lambda m: m["type"] == "state" and m["state"]["phase"] != "lobby")
        await tv.send(type="end_game")
        await tv.until(lambda m: m["type"] == "state" and m["state"]["phase"] == "lobby")
        assert tv.view is not None
        evening = tv.view["evening"]

        games = evening["games"]
        assert [(g["game"], g["abandoned"]) for g in games] == [
            ("peanut-club", False),
            ("peanuts", False),
            ("nur-peanuts", True),
        ]
        # the evening keeps each game's awards: Peanut Club's as its end view gave them
        assert games[0]["awards"] == [{"award": a["award"], "seat": a["seat"]} for a in awards]
        assert games[1]["awards"] == [] and games[2]["awards"] == []
        assert second["evening"]["games"][0] == games[0]

        svg = recap(dev_server, code)
        assert texts(svg, "game") == [
            "Game 1: Peanut Club",
            "Game 2: Peanuts!",
            "Game 3: Nur Peanuts!",
        ]
        expected_winners = []
        for g in games[:2]:
            won = [names[p["seat"]] for p in g["placings"] if p["place"] == 1]
            listed = won[0] if len(won) == 1 else ", ".join(won[:-1]) + " and " + won[-1]
            expected_winners.append(("Won by " if len(won) == 1 else "Shared win: ") + listed)
        assert texts(svg, "winners") == expected_winners
        titles = {
            "best_deal": "Best deal",
            "most_lost": "Most lost to no change",
            "power_of_the_night": "Power of the night",
        }
        assert awards, "this seed's game gives awards"
        assert texts(svg, "award") == [
            f"• {titles[a['award']]}: {names[a['seat']]}" for a in awards
        ]
        assert "Stopped before its end: no points" in texts(svg)
        standings = evening["standings"]
        assert sum(s["points"] for s in standings) == 6  # two counted games of three
        assert texts(svg, "points") == [points(s["points"]) for s in standings]
        best = standings[0]["points"]
        leaders = [s["name"] for s in standings if s["points"] == best]
        shown = texts(svg, "champion")
        assert len(shown) == 1
        for name in leaders:
            assert name in shown[0]
        assert not [s["name"] for s in standings if s["points"] < best and s["name"] in shown[0]]

        french = recap(dev_server, code, lang="fr")
        assert texts(french, "game")[0] == "Partie 1 : Peanut Club"
        assert texts(french, "points") == [points(s["points"], french=True) for s in standings]
        french_titles = {
            "best_deal": "Meilleure affaire",
            "most_lost": "Plus gros perdant de monnaie",
            "power_of_the_night": "Pouvoir de la soirée",
        }
        assert texts(french, "award") == [
            f"• {french_titles[a['award']]} : {names[a['seat']]}" for a in awards
        ]
        assert "Arrêtée avant la fin : aucun point" in texts(french)
        await tv.ws.close()

    run(body(), timeout=120)


def test_the_recap_of_an_unknown_room_is_unknown_room(dev_server: RunningServer) -> None:
    response = httpx.get(f"{dev_server.base}/r/QQQQ/recap.svg")
    assert response.status_code == 404
    assert response.json()["code"] == "unknown_room"


def test_the_recap_qr_code_leads_to_the_image(dev_server: RunningServer) -> None:
    room = dev_server.create_room()
    join_qr = httpx.get(f"{dev_server.base}/r/{room['code']}/qr.svg")
    recap_qr = httpx.get(f"{dev_server.base}/r/{room['code']}/qr.svg", params={"to": "recap"})
    assert recap_qr.status_code == 200 and recap_qr.headers["content-type"] == "image/svg+xml"
    assert recap_qr.content != join_qr.content  # another link, hence another code


def test_a_game_names_who_sat_in_each_seat_then_when_the_evening_says() -> None:
    """A seat may change hands between games: when the evening's placings name who sat in a
    seat in that game, the recap credits them (winners and awards), else the seat's name now."""
    view = {
        "code": "KTRW",
        "game": "peanuts",
        "phase": "lobby",
        "players": [{"seat": 0, "name": "Ana"}, {"seat": 1, "name": "Bo"}],
        "evening": {
            "games": [
                {
                    "game": "peanut-club",
                    "record": "R-1",
                    "abandoned": False,
                    "placings": [
                        {"seat": 0, "name": "Dee", "place": 1},
                        {"seat": 1, "name": "Bo", "place": 2},
                    ],
                    "awards": [{"award": "best_deal", "seat": 0}],
                },
                {
                    "game": "peanuts",
                    "record": "R-2",
                    "abandoned": False,
                    "placings": [{"seat": 0, "place": 1}, {"seat": 1, "place": 1}],
                    "awards": [],
                },
            ],
            "standings": [
                {"seat": 1, "name": "Bo", "points": 1.5},
                {"seat": 0, "name": "Ana", "points": 0.5},
            ],
        },
    }
    recap = recap_of(view, "en")
    assert recap.games[0].winners == ("Dee",)
    assert [(a.award, a.name) for a in recap.games[0].awards] == [("Best deal", "Dee")]
    assert recap.games[1].winners == ("Ana", "Bo")
    assert recap.champions == ("Bo",)
