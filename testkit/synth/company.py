"""One synthetic filer end to end: profile, books and the written PDF, from a seed."""

from __future__ import annotations

import random
from dataclasses import dataclass

from testkit.synth.filing import write_filing
from testkit.synth.layout import Writer
from testkit.synth.ledger import Ledger, build_ledger
from testkit.synth.profile import VOCAB, Profile, make_profile


@dataclass
class Company:
    profile: Profile
    ledger: Ledger
    writer: Writer  # the PDF and where each fact landed


def companies(seed: int, count: int) -> list[Company]:
    """``count`` filers, the same for the same seed."""
    rng = random.Random(seed)
    firsts = rng.sample(VOCAB["name_first"], count)
    out = []
    for i, first in enumerate(firsts):
        crng = random.Random(f"{seed}:{i}")
        profile = make_profile(crng, first, i)
        base = (
            crng.randint(250_000, 3_000_000)
            if profile.scale == "thousands"
            else crng.randint(1_500, 45_000)
        )
        ledger = build_ledger(crng, profile.years, base, profile.segments)
        out.append(Company(profile, ledger, write_filing(profile, ledger, crng)))
    return out
