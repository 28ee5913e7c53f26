"""Exercise: expand a Slurm node list such as gpu[07-08,11],cpu3 into host names, as `scontrol show hostnames`
does, and take the first as the rendezvous host."""

import re


def expand(nodelist: str) -> list[str]:
    """Host names of a node list whose names carry at most one [...] range, at their end."""
    hosts = []
    # A name runs to the next comma outside brackets: commas inside [...] separate ranges, not names.
    for name in re.findall(r"[^,\[]+(?:\[[^\]]*\])?", nodelist):
        prefix, _, ranges = name.partition("[")
        if not ranges:  # a plain host name
            hosts.append(prefix)
            continue
        for part in ranges.removesuffix("]").split(","):
            first, _, last = part.partition("-")  # "07-08", or a single number "11"
            for number in range(int(first), int(last or first) + 1):
                hosts.append(prefix + str(number).zfill(len(first)))  # 07 keeps its zero: same width
    return hosts


for nodelist in ["gpu07", "gpu[07-08]", "gpu[07-08,11],cpu3", "node[9-11]"]:
    hosts = expand(nodelist)
    print(f"{nodelist}: {' '.join(hosts)} | rendezvous on {hosts[0]}:29500")
