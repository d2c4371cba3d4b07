"""The evening's recap as one image (`GET /r/{code}/recap.svg`): the games a room has played
tonight, who won each, their awards, the standings and the night's champion, to save and share.

It is read from the room's public view alone (`views.public_state`: the players' names, the game
on the table and the view's `evening`), the very facts every TV and phone is sent, so the image
holds nothing a guest at the table could not see: no token, no address, no id beyond the room
code. The points are the evening's (core/evening.py), never counted again here. The SVG is
self-contained (system fonts, no link to any file) and is written by hand with every piece of
user text escaped: a name is whatever a guest typed.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from peanutclub.core import RuleError
from peanutclub.core.evening import award_names
from peanutclub.games import find_game

#: The recap's words, by language (written for the image; the TV's recap has its own in
#: static/i18n/, as every page does).
WORDS: Mapping[str, Mapping[str, str]] = {
    "en": {
        "title": "The night so far",
        "room": "Room {code}",
        "table": "At the table",
        "lobby": "Getting ready: {game}",
        "playing": "Now playing: {game}",
        "none": "No game has ended yet.",
        "game": "Game {n}: {game}",
        "won": "Won by {names}",
        "shared": "Shared win: {names}",
        "abandoned": "Stopped before its end: no points",
        "award": "{award}: {name}",
        "standings": "Standings",
        "champion": "Champion of the night",
        "champions": "Champions of the night, tied",
        "pt": "{p} pt",
        "pts": "{p} pts",
        "and": " and ",
        "club": "Peanut Club online",
    },
    "fr": {
        "title": "La soirée jusqu'ici",
        "room": "Salle {code}",
        "table": "À la table",
        "lobby": "On se prépare : {game}",
        "playing": "En cours : {game}",
        "none": "Aucune partie terminée pour l'instant.",
        "game": "Partie {n} : {game}",
        "won": "Victoire de {names}",
        "shared": "Victoire partagée : {names}",
        "abandoned": "Arrêtée avant la fin : aucun point",
        "award": "{award} : {name}",
        "standings": "Classement",
        "champion": "Champion de la soirée",
        "champions": "Champions de la soirée, ex æquo",
        "pt": "{p} pt",
        "pts": "{p} pts",
        "and": " et ",
        "club": "Peanut Club en ligne",
    },
}


# ---------------------------------------------------------------------- the facts


@dataclass(frozen=True, slots=True)
class RecapAward:
    """One award of one game, named in the recap's language."""

    award: str
    name: str


@dataclass(frozen=True, slots=True)
class RecapGame:
    """One game of the evening as the recap tells it: its name, its winners (every seat
    placed first: a shared first place names them all), whether it was stopped before its
    end, and its awards."""

    number: int
    game: str
    name: str
    winners: tuple[str, ...]
    abandoned: bool
    awards: tuple[RecapAward, ...]


@dataclass(frozen=True, slots=True)
class RecapStanding:
    name: str
    points: float
    leader: bool


@dataclass(frozen=True, slots=True)
class Recap:
    """The evening so far in one language: what the image shows."""

    lang: str
    code: str
    phase: str
    playing: str
    table: tuple[str, ...]
    games: tuple[RecapGame, ...]
    standings: tuple[RecapStanding, ...]

    @property
    def champions(self) -> tuple[str, ...]:
        """The leaders of the standings once a game has counted (several when tied)."""
        return tuple(s.name for s in self.standings if s.leader)


def game_name(game: str, lang: str) -> str:
    """A game's name in `lang` (its id if this server does not host it any more)."""
    try:
        names = find_game(game).name
    except RuleError:
        return game
    return names.get(lang) or names.get("en") or game


def recap_of(view: Mapping[str, Any], lang: str) -> Recap:
    """The recap of a room from its public view (the evening's games and standings, the
    players' names by seat)."""
    evening = view.get("evening") or {"games": [], "standings": []}
    names: dict[int, str] = {s["seat"]: s["name"] for s in evening["standings"]}
    for p in [*view.get("players", ()), *view.get("watching", ())]:
        names.setdefault(p["seat"], p["name"])

    def named(seat: int) -> str:
        return names.get(seat, f"#{seat + 1}")

    games = []
    for number, g in enumerate(evening["games"], start=1):
        titles = award_names(find_game(g["game"])) if _hosted(g["game"]) else {}
        # Who sat in each seat in that game, when the evening says (a seat may change hands
        # between games), else the seat's name now.
        then = {p["seat"]: p["name"] for p in g["placings"] if p.get("name")}

        def who(seat: int, then: dict[int, str] = then) -> str:
            return then.get(seat) or named(seat)

        winners = tuple(who(p["seat"]) for p in g["placings"] if p["place"] == 1)
        awards = tuple(
            RecapAward(a["award"], who(a["seat"]))
            for a in g.get("awards", ())
            if a["award"] in titles
        )
        games.append(
            RecapGame(
                number,
                g["game"],
                game_name(g["game"], lang),
                winners,
                bool(g["abandoned"]),
                tuple(
                    RecapAward(titles[a.award].get(lang) or titles[a.award]["en"], a.name)
                    for a in awards
                ),
            )
        )
    counted = any(not g.abandoned for g in games)
    table = evening["standings"]
    best = max((s["points"] for s in table), default=0.0)
    standings = tuple(
        RecapStanding(s["name"], float(s["points"]), counted and s["points"] == best) for s in table
    )
    return Recap(
        lang=lang,
        code=str(view.get("code", "")),
        phase=str(view.get("phase", "lobby")),
        playing=game_name(str(view.get("game", "")), lang),
        table=tuple(named(seat) for seat in sorted(names)),
        games=tuple(games),
        standings=standings,
    )


def _hosted(game: str) -> bool:
    try:
        find_game(game)
    except RuleError:
        return False
    return True


def points_text(points: float, lang: str) -> str:
    """Points as the language writes them: 2 pts, 1.5 pts (French: 1,5 pts; one or less is
    singular in French, only one in English), as the TV's standings write them."""
    shown = f"{points:g}"
    if lang == "fr":
        shown = shown.replace(".", ",")
    one = points <= 1 if lang == "fr" else points == 1
    return WORDS[lang]["pt" if one else "pts"].format(p=shown)


def joined(names: Sequence[str], lang: str) -> str:
    """Names as a sentence lists them: "Ann", "Ann and Bea", "Ann, Bea and Cy"."""
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + WORDS[lang]["and"] + names[-1]


# ---------------------------------------------------------------------- the image

WIDTH = 1080
MARGIN = 60
INNER = WIDTH - 2 * MARGIN
#: The palette of the TV's pages (static/css): the felt, the cards, the gold.
FELT, CARD, INK, SOFT, GOLD, PALE = (
    "#0d3b2e",
    "#fdf8ea",
    "#1d1b16",
    "#5b564a",
    "#f2b705",
    "#fff1c2",
)
FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'DejaVu Sans', Arial, sans-serif"
#: A generous guess at a character's width, in ems, for a sans-serif face: lines are broken
#: on it, and a line still too long is squeezed to fit (`textLength`), so nothing runs out.
EM_WIDTH = 0.62


def text_width(text: str, size: float) -> float:
    return len(text) * size * EM_WIDTH


def wrap(text: str, size: float, width: float) -> list[str]:
    """`text` broken into lines at spaces so that each fits `width` (a single word too long
    for a line gets its own line, squeezed when drawn)."""
    lines: list[str] = []
    line = ""
    for word in text.split(" "):
        candidate = f"{line} {word}" if line else word
        if line and text_width(candidate, size) > width:
            lines.append(line)
            line = word
        else:
            line = candidate
    lines.append(line)
    return lines


class Canvas:
    """The SVG's elements, written top to bottom with a cursor (`y`)."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        #: The panels, drawn under the text (the first one lowest).
        self.under: list[str] = []
        self.y = 0.0

    def text(
        self,
        content: str,
        size: float,
        *,
        x: float = MARGIN,
        width: float = INNER,
        weight: int = 400,
        fill: str = INK,
        anchor: str = "start",
        gap: float = 0.35,
        key: str | None = None,
    ) -> None:
        """Lines of text at the cursor, wrapped to `width`, then the cursor below them."""
        for line in wrap(content, size, width):
            self.y += size
            squeeze = (
                f' textLength="{width:.0f}" lengthAdjust="spacingAndGlyphs"'
                if text_width(line, size) > width
                else ""
            )
            at = x + width if anchor == "end" else x + width / 2 if anchor == "middle" else x
            data = f" data-key={quoteattr(key)}" if key else ""
            self.parts.append(
                f'<text x="{at:.0f}" y="{self.y:.0f}" font-size="{size:.0f}" '
                f'font-weight="{weight}" fill="{fill}" text-anchor="{anchor}"{squeeze}{data}>'
                f"{escape(line)}</text>"
            )
            self.y += size * gap

    def panel(
        self,
        y: float,
        height: float,
        fill: str,
        *,
        x: float,
        width: float,
        stroke: str | None = None,
        lowest: bool = False,
    ) -> None:
        """A rounded panel under the text (`lowest`: under every other panel too)."""
        edge = f' stroke="{stroke}" stroke-width="6"' if stroke else ""
        rect = (
            f'<rect x="{x:.0f}" y="{y:.0f}" width="{width:.0f}" height="{height:.0f}" '
            f'rx="22" fill="{fill}"{edge}/>'
        )
        if lowest:
            self.under.insert(0, rect)
        else:
            self.under.append(rect)


def recap_svg(recap: Recap) -> str:
    """The recap as a self-contained SVG, 1080 wide (a phone shows it whole, a TV large), its
    height as the evening needs."""
    words = WORDS[recap.lang]
    body = Canvas()
    body.y = 40
    top = body.y
    body.y += 30
    body.text(words["title"], 68, weight=800, key="title")
    body.text(words["room"].format(code=recap.code), 36, fill=SOFT, weight=600, key="room")
    if recap.champions:
        body.y += 20
        label = words["champion" if len(recap.champions) == 1 else "champions"]
        start = body.y
        body.y += 24
        body.text("★ " + label, 32, x=MARGIN + 30, width=INNER - 60, weight=700, fill=SOFT)
        body.text(
            joined(recap.champions, recap.lang),
            54,
            x=MARGIN + 30,
            width=INNER - 60,
            weight=800,
            key="champion",
        )
        body.y += 6
        body.panel(start, body.y - start, PALE, x=MARGIN, width=INNER, stroke=GOLD)
    body.y += 30
    if recap.phase != "over":
        key = "lobby" if recap.phase == "lobby" else "playing"
        body.text(words[key].format(game=recap.playing), 38, weight=700, key="now")
        body.y += 10
    if not recap.games:
        body.text(words["table"], 30, weight=700, fill=SOFT)
        for name in recap.table:
            body.text(name, 40, x=MARGIN + 30, width=INNER - 30, key="seat")
        body.y += 10
        body.text(words["none"], 32, fill=SOFT)
    for g in recap.games:
        body.y += 14
        body.text(words["game"].format(n=g.number, game=g.name), 42, weight=800, key="game")
        if g.abandoned:
            body.text(words["abandoned"], 32, x=MARGIN + 30, width=INNER - 30, fill=SOFT)
            continue
        won = words["shared" if len(g.winners) > 1 else "won"]
        body.text(
            won.format(names=joined(g.winners, recap.lang)),
            36,
            x=MARGIN + 30,
            width=INNER - 30,
            weight=600,
            key="winners",
        )
        for a in g.awards:
            body.text(
                "• " + words["award"].format(award=a.award, name=a.name),
                32,
                x=MARGIN + 30,
                width=INNER - 30,
                fill=SOFT,
                key="award",
            )
    if recap.games:
        body.y += 30
        body.text(words["standings"], 40, weight=800, key="standings")
        for s in recap.standings:
            row = body.y
            mark = "★ " if s.leader else ""
            body.text(
                mark + s.name, 38, x=MARGIN + 30, width=INNER - 260, weight=700 if s.leader else 400
            )
            body.y = row
            body.text(
                points_text(s.points, recap.lang),
                38,
                x=WIDTH - MARGIN - 220,
                width=190,
                anchor="end",
                weight=700 if s.leader else 400,
                key="points",
            )
    body.y += 40
    card_height = body.y - top
    body.panel(top, card_height, CARD, x=MARGIN / 2, width=WIDTH - MARGIN, lowest=True)
    body.y += 20
    body.text(words["club"], 28, fill=PALE, anchor="middle")
    height = body.y + 30
    title = escape(words["title"] + " · " + words["room"].format(code=recap.code))
    return "".join(
        _lines(
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height:.0f}" '
            f'viewBox="0 0 {WIDTH} {height:.0f}" font-family="{FONT}" '
            f'lang="{recap.lang}" role="img">',
            f"<title>{title}</title>",
            f'<rect width="{WIDTH}" height="{height:.0f}" fill="{FELT}"/>',
            *body.under,
            *body.parts,
            "</svg>",
        )
    )


def _lines(*parts: str) -> Iterator[str]:
    for part in parts:
        yield part + "\n"
