"""Writing FIDE Tournament Report Files: a :class:`~cpswiss.tournament.model.Tournament` as
TRF16 / TRF(x) or TRF-2026 text, in the dialect it was read in (the inverse of
:mod:`cpswiss.formats.trf`)."""

from __future__ import annotations

from cpswiss.formats.trf_colours import letter
from cpswiss.tournament.model import PlayerRecord, RoundEntry, Tournament, format_points


def round_block(entry: RoundEntry) -> str:
    """The 8-character TRF block ``oooo c r`` of a round."""
    opponent = f"{entry.opponent:4d}" if entry.opponent is not None else "0000"
    return f"{opponent} {letter(entry.colour)} {entry.code}"


def player_line(record: PlayerRecord) -> str:
    """The ``001`` line of a record: its columns 1-91 as read, points updated, then the blocks."""
    prefix = record.prefix or _fresh_prefix(record)
    if record.points_column is not None:
        prefix = prefix[:80] + f"{format_points(record.points_column):>4}" + prefix[84:]
    blocks = ["    " + " " + " " + " " + " " if e is None else round_block(e) for e in record.rounds]
    body = "  ".join(b.ljust(8) for b in blocks)
    return (prefix + body).rstrip()


def _fresh_prefix(record: PlayerRecord) -> str:
    rating = f"{record.rating:4d}" if record.rating is not None else "    "
    points = format_points(record.points_column) if record.points_column is not None else ""
    rank = f"{record.rank:4d}" if record.rank is not None else "    "
    return (f"001 {record.pairing_no:4d} {record.sex[:1]:1}{record.title[:3]:>3} {record.name[:33]:<33} "
            f"{rating} {record.federation[:3]:<3} {record.fide_id[:11]:>11} {record.birth[:10]:<10} "
            f"{points:>4} {rank}  ")


def write_trf(t: Tournament, line_end: str = "\n") -> str:
    """The tournament as TRF text: player records and team records (310 320 330 300 352 362)
    written from the model where they were read, other lines kept as read."""
    out: list[str] = []
    written: set[int] = set()
    for item in t.layout:
        if isinstance(item, int):
            out.append(player_line(t.players[item]))
            written.add(item)
        elif isinstance(item, tuple):
            from cpswiss.formats.trf_teams import team_line  # a team file only

            text = team_line(t, *item)
            if text is not None:
                out.append(text)
        else:
            out.append(item)
    for pid, record in t.players.items():
        if pid not in written:
            out.append(player_line(record))
    while out and not out[-1].strip():
        out.pop()
    if t.games_per_round > 1 and not any(isinstance(item, str) and item.startswith("162") for item in t.layout):
        from cpswiss.formats.trf_double import scoring_line  # a Double-Swiss file only

        out.insert(next((i + 1 for i, line in enumerate(out) if line.startswith("192")), 0), scoring_line(t))
    if t.accelerations_generated:
        out.extend(acceleration_records(t))
    return line_end.join(out) + line_end


def acceleration_records(t: Tournament) -> list[str]:
    """Virtual points as records, so that the file carries them on: TRF-2026 ``250`` (one per
    player and run of equal values) in a TRF-2026 file, else TRF(x) ``XXA``."""
    lines = []
    for pid in sorted(t.accelerations):
        values = t.accelerations[pid]
        if not any(values):
            continue
        if not t.trf26:
            lines.append(f"XXA {pid:4d} " + " ".join(f"{format_points(v):>4}" for v in values))
            continue
        start = 0
        while start < len(values):
            end = start
            while end + 1 < len(values) and values[end + 1] == values[start]:
                end += 1
            if values[start]:
                lines.append(f"250 {'':4} {format_points(values[start]):>4} {start + 1:3d} {end + 1:3d} "
                             f"{pid:4d} {pid:4d}")
            start = end + 1
    return lines


def with_rank(record: PlayerRecord, rank: int) -> None:
    """Set the rank column (86-89) of a player record, so that :func:`player_line` writes it."""
    record.rank = rank
    prefix = (record.prefix or _fresh_prefix(record)).ljust(91)
    record.prefix = prefix[:85] + f"{rank:4d}" + prefix[89:]
