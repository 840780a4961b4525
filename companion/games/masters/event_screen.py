"""Masters of the Night's event card screen: the card just drawn, its effect step by step, where the
agents go (companion/games/masters/screens.py holds the other screens and the route between them)."""

from __future__ import annotations

from companion.games.masters import view as mv
from companion.games.masters.screens import GameScreen, card_title
from companion.i18n import _, ngettext
from companion.inputs import Press
from companion.narration.words import refusal_text
from companion.rules.base import Action
from companion.ui.model import ButtonVM, ViewModel
from companion.ui.screens.base import UIContext


class EventCardScreen(GameScreen):
    """The event card: its grid with the agents each district gets, the blue-gray split, the veil preview.

    When the two blue-gray numbers differ, a district button (or tap) on a blue-gray cell gives it the
    higher number. When the reserve cannot cover the card, the leading vampire picks which districts get
    the agents left: a district button gives it one more agent (pressed again at its limit: none); the
    screen starts from a proposal (unnoticed districts first). "Place agents" confirms.
    """

    name = "event"

    def __init__(self, ctx: UIContext) -> None:
        """No split and no pick chosen yet."""
        super().__init__(ctx)
        self.high_to: str | None = None
        self.picks: dict[str, int] | None = None  # the leader's agents_to; None: the proposal

    def split(self) -> dict[str, int]:
        """The blue-gray assignment chosen so far (empty until a cell is picked)."""
        s = self.state()
        cells, nums = mv.blue_cells(s), mv.blue_numbers(s)
        if nums is None or len(cells) != 2 or self.high_to not in cells:
            return {}
        other = cells[1] if self.high_to == cells[0] else cells[0]
        return {self.high_to: nums[0], other: nums[1]}

    def adds(self) -> dict[str, int]:
        """All agents the card asks for: red cells plus the chosen split."""
        out = dict(mv.card_placements(self.state()))
        for pos, n in self.split().items():
            out[pos] = out.get(pos, 0) + n
        return out

    def short(self) -> tuple[dict[str, int], int] | None:
        """(agents each cell asks for, agents left) when the leader must choose who goes short."""
        s = self.state()
        if s.get("step") != "place-agents" or (mv.blue_numbers(s) and not self.split()):
            return None
        return mv.short_choice(s, self.adds())

    def agents_to(self) -> dict[str, int]:
        """The leader's picks (or the proposal while none is made), only while there is a choice."""
        short = self.short()
        if short is None:
            return {}
        needs, left = short
        picks = self.picks
        if (
            picks is None
            or sum(picks.values()) > left
            or any(p not in needs or n > needs[p] for p, n in picks.items())
        ):
            picks = mv.suggest_short(self.state(), needs, left)
        return {p: n for p, n in picks.items() if n > 0}

    def body(self) -> ViewModel:
        """Card name/act, grid with +n per cell, split prompt, who goes short, veil preview, actions."""
        s = self.state()
        card = s.get("card") or {}
        grid_ = card.get("grid") or {}
        adds, short, picks = self.adds(), self.short(), self.agents_to()
        marks = {p: ("red" if c == "red" else "blue") for p, c in grid_.items()}
        extra = {p: ngettext("+{n} agent", "+{n} agents", n).format(n=n) for p, n in adds.items()}
        nums = mv.blue_numbers(s)
        lines = [_("Act {act}: agents arrive hidden").format(act=card.get("act", "?"))]
        buttons: list[ButtonVM] = []
        placing = s.get("step") == "place-agents"
        if placing and nums:
            lines.append(
                _("One blue-gray cell gets {a}, the other {b}: press the one that gets {a}.").format(
                    a=nums[0], b=nums[1]
                )
            )
        if short is not None:
            needs, left = short
            extra = {p: _("+{given} of {n}").format(given=picks.get(p, 0), n=n) for p, n in needs.items()}
            lines.append(
                ngettext(
                    "Only {n} agent left for {needed}: the leader picks",
                    "Only {n} agents left for {needed}: the leader picks",
                    left,
                ).format(n=left, needed=sum(needs.values()))
            )
            lines.append(_("Given {given} of {n}").format(given=sum(picks.values()), n=left))
        if (
            placing
        ):  # one button: this screen chooses the split itself (the engine lists one action per split)
            for i, a in enumerate(self.actions):
                if a.command.get("cmd") == "place_agents":
                    buttons.append(self._place_button(i, a, nums, short, picks))
                    if nums:
                        buttons.append(ButtonVM("swap", _("Swap blue-gray")))
                    break
        else:
            lines.append(_("Read the card, enter its effects, resolve it"))
        preview = self._preview(s, adds, short, picks) if placing else None
        if preview == s.get("veil"):
            preview = None
        if preview is not None:
            lines.append(
                _("The veil goes from {now} to {then} once these agents are placed.").format(
                    now=s.get("veil"), then=preview
                )
            )
        buttons += self.action_buttons(skip=("place_agents",) if placing else ()) + [
            ButtonVM("menu", _("Menu"))
        ]
        title = _("Event: {card}").format(card=card_title(card))
        return ViewModel(
            self.name, title, tuple(lines), tuple(buttons), self.grid(marks, extra), veil_preview=preview
        )

    def _place_button(self, i: int, a: Action, nums, short, picks) -> ButtonVM:
        """The confirm button: ready once the split is chosen and the picks give out every agent left."""
        why = None
        if nums and not self.split():
            cells = mv.blue_cells(self.state())
            why = _("choose {a} or {b} first").format(a=cells[0], b=cells[1])
        elif short is not None and sum(picks.values()) != short[1]:
            why = ngettext(
                "give out the {n} agent left first", "give out all {n} agents left first", short[1]
            ).format(n=short[1])
        label = _("Place agents") if nums or short is None else refusal_text(a.label)
        return ButtonVM(f"place:{i}", label, enabled=a.enabled and why is None, why_not=why)

    def _preview(self, s, adds, short, picks) -> int:
        """The veil once the agents are placed: where they really go, and one less per missing agent."""
        if short is None:
            return mv.veil_preview(s, adds)
        needs, left = short
        return max(0, mv.veil_preview(s, picks) - (sum(needs.values()) - left))

    def activate(self, button_id: str, kind: Press) -> bool:
        """Place agents with the split and the leader's picks, swap the split, or run another action."""
        if button_id.startswith("place:"):
            action = self.actions[int(button_id[6:])]
            cmd = dict(action.command)
            if mv.blue_numbers(self.state()):
                cmd["split"] = self.split()
            if self.short() is not None:
                cmd["agents_to"] = self.agents_to()
            self.ctx.emit(cmd)
            return True
        if button_id == "swap":
            cells = mv.blue_cells(self.state())
            if len(cells) == 2:
                self.high_to = cells[1] if self.high_to == cells[0] else cells[0]
                self.picks = None
            return True
        return super().activate(button_id, kind)

    def on_district(self, pos: str) -> bool:
        """Split first (a blue-gray cell gets the higher number), then the leader's picks; else select."""
        s = self.state()
        blue = pos in mv.blue_cells(s) and mv.blue_numbers(s)
        if blue and not self.split():
            self.high_to, self.picks = pos, None
            return True
        short = self.short()
        if short is not None and pos in short[0]:
            needs, left = short
            picks = dict(self.agents_to())
            if picks.get(pos, 0) < needs[pos] and sum(picks.values()) < left:
                picks[pos] = picks.get(pos, 0) + 1
            else:
                picks[pos] = 0
            self.picks = picks
            return True
        if blue:
            self.high_to, self.picks = pos, None
            return True
        return super().on_district(pos)
